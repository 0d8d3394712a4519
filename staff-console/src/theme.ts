import { createTheme } from '@mantine/core';

/** The console's one theme (STYLE: themed once, no overrides scattered through screens). */
export const theme = createTheme({
  primaryColor: 'indigo',
  fontFamily: '"Noto Sans", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
});
