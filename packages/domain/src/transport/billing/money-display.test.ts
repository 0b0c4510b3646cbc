import { describe, expect, it } from 'vitest';
import { formatUsdCents } from './money-display.ts';

describe('formatUsdCents', () => {
  it('shows dollars with two decimals and thousands separators', () => {
    expect(formatUsdCents(0)).toBe('$0.00');
    expect(formatUsdCents(17_500)).toBe('$175.00');
    expect(formatUsdCents(123_456_789)).toBe('$1,234,567.89');
  });

  it('refuses anything but whole cents', () => {
    expect(() => formatUsdCents(1.5)).toThrow(RangeError);
  });
});
