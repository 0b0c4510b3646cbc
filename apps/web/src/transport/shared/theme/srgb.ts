/** An opaque colour in sRGB, each channel 0-255. */
export type Rgb = { r: number; g: number; b: number };

export const WHITE: Rgb = { r: 255, g: 255, b: 255 };
export const BLACK: Rgb = { r: 0, g: 0, b: 0 };

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `#rgb` or `#rrggbb`; anything else (including hex with alpha) is null. */
export const parseHex = (value: string): Rgb | null => {
  const digits = HEX.exec(value.trim())?.[1];
  if (!digits) {
    return null;
  }
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  const channel = (index: number) => Number.parseInt(full.slice(index, index + 2), 16);

  return { r: channel(0), g: channel(2), b: channel(4) };
};

const clampChannel = (value: number): number => Math.min(255, Math.max(0, Math.round(value)));

export const toHex = ({ r, g, b }: Rgb): string =>
  `#${[r, g, b].map((value) => clampChannel(value).toString(16).padStart(2, '0')).join('')}`;

/** `amount` of `other` mixed into `color` (0 keeps `color`, 1 gives `other`). */
export const mix = (color: Rgb, other: Rgb, amount: number): Rgb => ({
  r: clampChannel(color.r + (other.r - color.r) * amount),
  g: clampChannel(color.g + (other.g - color.g) * amount),
  b: clampChannel(color.b + (other.b - color.b) * amount),
});

const linear = (channel: number): number => {
  const value = channel / 255;

  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
};

/** WCAG 2 relative luminance. */
export const relativeLuminance = ({ r, g, b }: Rgb): number => 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);

/** WCAG 2 contrast ratio, 1 to 21. */
export const contrastRatio = (one: Rgb, two: Rgb): number => {
  const [light, dark] = [relativeLuminance(one), relativeLuminance(two)].sort((a, b) => b - a) as [number, number];

  return (light + 0.05) / (dark + 0.05);
};
