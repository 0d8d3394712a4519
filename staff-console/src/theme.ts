import { createTheme, darken, type CSSVariablesResolver, type MantineTheme } from '@mantine/core';
import { t } from '@puja/web-kit';

/** The console's one theme (STYLE: themed once, no overrides scattered through screens). */
export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 8 keeps white button labels at WCAG AA contrast (4.5:1).
  primaryShade: 8,
  fontFamily: '"Noto Sans", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
  components: {
    // Every dialog's close button says what it does (axe: button-name). A plain object, not
    // Modal.extend(): that import would put the whole Modal in the login's first load.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': t('app.close') } } },
    // A filled button of shade 9 (approve, reject, confirm) darkens on hover: Mantine's hover is
    // shade 8, under whose white label contrast falls below AA (3.9:1 on teal).
    Button: {
      vars: (theme: MantineTheme, props: { color?: string; variant?: string }) =>
        darkHover(theme, props),
    },
  },
});

/** Dimmed text one shade darker than Mantine's default, for AA contrast on light backgrounds. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});

/** The hover colour of a filled shade-9 button: the same colour, darker. */
function darkHover(theme: MantineTheme, props: { color?: string; variant?: string }) {
  const [name, shade] = (props.color ?? '').split('.');
  const palette = name === undefined ? undefined : theme.colors[name];
  if ((props.variant ?? 'filled') !== 'filled' || shade !== '9' || palette === undefined) {
    return { root: {} };
  }
  return { root: { '--button-hover': darken(palette[9], 0.15) } };
}
