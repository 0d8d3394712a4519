import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type VariantColorsResolver,
} from '@mantine/core';
import { t } from '@puja/web-kit';

/**
 * Mantine lightens a filled shade-9 button on hover (to shade 8), which drops white labels
 * below AA (Approve on teal.9: 4.0:1 under the pointer); those darken instead.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({
    color: input.color ?? input.theme.primaryColor,
    theme: input.theme,
  });
  if (input.variant === 'filled' && parsed.isThemeColor && parsed.shade === 9) {
    return { ...colors, hover: darken(parsed.value, 0.15) };
  }
  return colors;
};

/** The console's one theme (STYLE: themed once, no overrides scattered through screens). */
export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 8 keeps white button labels at WCAG AA contrast (4.5:1).
  primaryShade: 8,
  fontFamily: '"Noto Sans", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
  variantColorResolver,
  components: {
    // Every dialog's close button says what it does (axe: button-name). A plain object, not
    // Modal.extend(): that import would put the whole Modal in the login's first load.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': t('app.close') } } },
  },
});

/** Dimmed text one shade darker than Mantine's default, for AA contrast on light backgrounds. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
