import { BLACK, contrastRatio, mix, toHex, WHITE, type Rgb } from './srgb.ts';
import { themeStrings } from './theme-values.ts';

/** Turns a CSS colour into sRGB, or null when it is not one; in the browser, `readCssColor`. */
export type ColorReader = (value: string) => Rgb | null;

/** The custom properties of the app's stylesheet (shared/styles/base.css, transport.css) a theme may set. */
export type ThemeVariables = Partial<
  Record<'--primary' | '--primary-dark' | '--primary-soft' | '--primary-text' | '--on-primary' | '--focus', string>
>;

/** Keys the CLI's example and the demo operator use, and the spellings operators commonly write. */
const PRIMARY_NAMES = [
  'primarycolor',
  'primarycolour',
  'primary',
  'colorprimary',
  'brandcolor',
  'brandcolour',
  'themecolor',
  'themecolour',
];

/** The app's own text colour (base.css `--text`), for text on a light primary. */
const DARK_TEXT: Rgb = { r: 17, g: 24, b: 39 };

/** WCAG AA for normal text. */
const READABLE = 4.5;

const MAX_LENGTH = 100;
const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NAMED = /^[a-z]{3,30}$/i;
// One level of parentheses only: no var(), env(), attr() or calc() can hide inside.
const COLOR_FUNCTION = /^(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\([a-z0-9.,%+\-\s/]*\)$/i;
// Valid for `color`, but they name no colour of the operator's own.
const NOT_A_COLOR = new Set(['inherit', 'initial', 'unset', 'revert', 'currentcolor', 'transparent', 'none']);

/** Only plain colour syntax reaches the reader; everything else is refused before the browser parses it. */
export const looksLikeColor = (value: string): boolean =>
  value.length <= MAX_LENGTH &&
  !NOT_A_COLOR.has(value.toLowerCase()) &&
  (HEX.test(value) || NAMED.test(value) || COLOR_FUNCTION.test(value));

/** A shade of `color` white text stays readable on, for hover backgrounds and text on white. */
const readableDarkShade = (color: Rgb): Rgb => {
  for (let tenths = 3; tenths < 10; tenths += 1) {
    const shade = mix(color, BLACK, tenths / 10);
    if (contrastRatio(shade, WHITE) >= READABLE) {
      return shade;
    }
  }

  return BLACK;
};

/**
 * The operator's primary colour as the stylesheet's variables, or none at all (the app's own
 * colours stay) when the theme has no valid opaque colour. Every value is written here from the
 * parsed channels, so nothing of the theme's text reaches the page's CSS.
 */
export const themeVariables = (theme: Readonly<Record<string, unknown>>, readColor: ColorReader): ThemeVariables => {
  const primary = themeStrings(theme, PRIMARY_NAMES)
    .filter(looksLikeColor)
    .map((value) => readColor(value))
    .find((color): color is Rgb => color !== null);
  if (!primary) {
    return {};
  }
  const dark = readableDarkShade(primary);
  const onWhite = contrastRatio(primary, WHITE);

  return {
    '--primary': toHex(primary),
    '--primary-dark': toHex(dark),
    '--primary-soft': toHex(mix(primary, WHITE, 0.9)),
    '--primary-text': toHex(onWhite >= READABLE ? primary : dark),
    '--on-primary': toHex(onWhite >= contrastRatio(primary, DARK_TEXT) ? WHITE : DARK_TEXT),
    '--focus': `0 0 0 3px rgb(${primary.r} ${primary.g} ${primary.b} / 35%)`,
  };
};
