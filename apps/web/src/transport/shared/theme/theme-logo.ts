import { themeStrings } from './theme-values.ts';

/** What the page shows for the operator's logo: an image, a name, or both. */
export type ThemeLogo = { src: string | null; text: string | null };

const URL_NAMES = ['logourl', 'logosrc', 'logoimage', 'logo'];
const TEXT_NAMES = ['logotext', 'logoname', 'logoalt', 'brandname', 'logo'];

const MAX_TEXT = 60;
const MAX_URL = 2048;
const MAX_DATA_URL = 200_000;
// A refused address under `logo` is not a name to print either.
const ADDRESS = /^[a-z][a-z0-9+.-]*:\S*$/i;
const DATA_IMAGE = /^data:image\/(?:png|gif|jpeg|webp|avif);base64,[a-z0-9+/]+={0,2}$/i;

/**
 * An address an <img> may load: a path on this site, an https address, or an inline raster image.
 * Other schemes (javascript:, http:, data:text/html, …) are refused.
 */
export const safeImageSource = (value: string): string | null => {
  if (DATA_IMAGE.test(value)) {
    return value.length <= MAX_DATA_URL ? value : null;
  }
  if (value.length > MAX_URL || /[\s\\]/.test(value)) {
    return null;
  }
  if (value.startsWith('/') && !value.startsWith('//')) {
    return value;
  }
  try {
    return new URL(value).protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
};

const plainText = (value: string): string | null => {
  const text = value.replace(/\s+/g, ' ').trim();

  return text === '' || text.length > MAX_TEXT ? null : text;
};

/** The theme's logo image and name; `logo` alone counts as an image when it is an address, else as a name. */
export const themeLogo = (theme: Readonly<Record<string, unknown>>): ThemeLogo | null => {
  const src =
    themeStrings(theme, URL_NAMES)
      .map(safeImageSource)
      .find((value) => value !== null) ?? null;
  const text =
    themeStrings(theme, TEXT_NAMES)
      .filter((value) => safeImageSource(value) === null && !ADDRESS.test(value))
      .map(plainText)
      .find((value) => value !== null) ?? null;

  return src || text ? { src, text } : null;
};
