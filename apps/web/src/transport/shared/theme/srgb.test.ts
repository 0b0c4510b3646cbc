import { describe, expect, it } from 'vitest';
import { BLACK, contrastRatio, mix, parseHex, toHex, WHITE } from './srgb.ts';

describe('sRGB helpers', () => {
  it('read short and long hex and write long hex', () => {
    expect(parseHex('#1D4ED8')).toEqual({ r: 29, g: 78, b: 216 });
    expect(parseHex(' #fc0 ')).toEqual({ r: 255, g: 204, b: 0 });
    expect(toHex({ r: 29, g: 78, b: 216 })).toBe('#1d4ed8');
    expect(toHex({ r: 300, g: -4, b: 15.6 })).toBe('#ff0010');
  });

  it('refuse what is not plain hex', () => {
    for (const value of ['1d4ed8', '#12345g', '#1d4ed880', 'red', '#1234', '']) {
      expect(parseHex(value), value).toBeNull();
    }
  });

  it('mix towards another colour', () => {
    expect(mix(WHITE, BLACK, 0)).toEqual(WHITE);
    expect(mix(WHITE, BLACK, 1)).toEqual(BLACK);
    expect(toHex(mix({ r: 200, g: 100, b: 0 }, BLACK, 0.5))).toBe('#643200');
  });

  it('measure contrast as WCAG does', () => {
    expect(contrastRatio(WHITE, BLACK)).toBeCloseTo(21, 5);
    expect(contrastRatio(BLACK, WHITE)).toBeCloseTo(21, 5);
    expect(contrastRatio(WHITE, WHITE)).toBe(1);
    expect(contrastRatio({ r: 29, g: 78, b: 216 }, WHITE)).toBeCloseTo(6.7, 1);
  });
});
