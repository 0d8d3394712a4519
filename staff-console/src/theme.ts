import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  luminance,
  Modal,
  Notification,
  type CSSVariablesResolver,
  type MantineTheme,
  type VariantColorsResolver,
} from '@mantine/core';
import { t } from './lib/t';

/**
 * The first shade of a colour (6 to 9, then darker) whose relative luminance is at most `limit`.
 * WCAG AA asks 4.5:1 for text: white text needs a background at most 0.18, and text on white
 * or on a pale tint must itself be at most about 0.15.
 */
function legibleShade(theme: MantineTheme, color: string, limit: number): string {
  const shades = theme.colors[color] ?? theme.colors[theme.primaryColor]!;
  for (const shade of [6, 7, 8, 9] as const) {
    if (luminance(shades[shade]) <= limit) return shades[shade];
  }
  let dark = shades[9];
  while (luminance(dark) > limit) dark = darken(dark, 0.05);
  return dark;
}

/**
 * Mantine's default shades put text at 2.3–4:1 (white on green, indigo on its tint): every
 * variant keeps its colour but takes a shade dark enough for 4.5:1.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const name =
    typeof input.color === 'string' && input.color in input.theme.colors
      ? input.color
      : input.color === undefined
        ? input.theme.primaryColor
        : null;
  if (name === null) return colors;
  if (input.variant === 'filled') {
    const background = legibleShade(input.theme, name, 0.18);
    return {
      ...colors,
      background,
      hover: darken(background, 0.1),
      color: 'var(--mantine-color-white)',
    };
  }
  if (input.variant === 'light' || input.variant === 'subtle' || input.variant === 'outline') {
    const color = legibleShade(input.theme, name, 0.13);
    return {
      ...colors,
      color,
      ...(input.variant === 'outline' ? { border: `1px solid ${color}` } : {}),
    };
  }
  return colors;
};

const closeLabel = { closeButtonProps: { 'aria-label': t('app.close') } };

/** The console's one theme (STYLE: themed once, no overrides scattered through screens). */
export const theme = createTheme({
  primaryColor: 'indigo',
  fontFamily: '"Noto Sans", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
  variantColorResolver,
  components: {
    Modal: Modal.extend({ defaultProps: closeLabel }),
    Notification: Notification.extend({ defaultProps: closeLabel }),
  },
});

/** Colours the screens write text in (c="red"…): shade 9, not 6. */
const TEXT_COLORS = ['red', 'green', 'yellow', 'orange', 'blue', 'indigo', 'teal', 'gray'];

/**
 * Mantine's "dimmed" text (gray 6, 3.3:1 on white) and the active navigation link (indigo 6 on
 * its tint) fail WCAG AA contrast, as do links, coloured text and the primary filled button: all take
 * darker shades.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-anchor': 'var(--mantine-color-indigo-8)',
    '--mantine-primary-color-filled': 'var(--mantine-color-indigo-7)',
    '--mantine-primary-color-filled-hover': 'var(--mantine-color-indigo-8)',
    '--mantine-primary-color-light-color': 'var(--mantine-color-indigo-9)',
    ...Object.fromEntries(
      TEXT_COLORS.map((color) => [
        `--mantine-color-${color}-text`,
        `var(--mantine-color-${color}-9)`,
      ]),
    ),
  },
  dark: {},
});
