import type { Rgb } from './srgb.ts';

let context: CanvasRenderingContext2D | null | undefined;

const canvas = (): CanvasRenderingContext2D | null => {
  if (context === undefined) {
    const element = document.createElement('canvas');
    element.width = 1;
    element.height = 1;
    context = element.getContext('2d', { willReadFrequently: true });
  }

  return context;
};

/** What the canvas keeps as its fill after `value`, starting from `start`. */
const fillAfter = (drawing: CanvasRenderingContext2D, start: string, value: string): string => {
  drawing.fillStyle = start;
  drawing.fillStyle = value;

  return String(drawing.fillStyle);
};

/**
 * Any CSS colour the browser knows (names, hex, rgb(), hsl(), oklch(), …) as opaque sRGB, read back
 * from one painted pixel so every colour space ends up as plain channels. Null for anything else,
 * and for colours that are not fully opaque.
 */
export const readCssColor = (value: string): Rgb | null => {
  const drawing = typeof CSS !== 'undefined' && CSS.supports('color', value) ? canvas() : null;
  // A canvas ignores a fill it cannot parse; two different starting fills show whether it did.
  if (!drawing || fillAfter(drawing, '#000000', value) !== fillAfter(drawing, '#ffffff', value)) {
    return null;
  }
  drawing.clearRect(0, 0, 1, 1);
  drawing.fillRect(0, 0, 1, 1);
  const [r = 0, g = 0, b = 0, alpha = 0] = drawing.getImageData(0, 0, 1, 1).data;

  return alpha === 255 ? { r, g, b } : null;
};
