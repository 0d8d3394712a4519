import { createTheme, type CSSVariablesResolver } from '@mantine/core';
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
  },
});

/** Dimmed text one shade darker than Mantine's default, for AA contrast on light backgrounds. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
