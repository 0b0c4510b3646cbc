import { describe, expect, it } from 'vitest';
import { formatCents } from './money.ts';

describe('formatCents', () => {
  it('formats cents with a dollar sign, thousands separators and two decimals', () => {
    expect(formatCents(1)).toBe('$0.01');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(100_000_000)).toBe('$1,000,000.00');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(17_500)).toBe('$175.00');
    expect(formatCents(123_456_789)).toBe('$1,234,567.89');
  });

  it('refuses a fractional number of cents', () => {
    expect(() => formatCents(10.5)).toThrow(RangeError);
    expect(() => formatCents(1.5)).toThrow(RangeError);
  });
});
