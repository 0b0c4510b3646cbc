import { describe, expect, it } from 'vitest';
import { parseDollarsToCents } from './parse-dollars.ts';

const cents = (input: string) => {
  const result = parseDollarsToCents(input);

  return result.ok ? result.cents : result.message;
};

describe('parseDollarsToCents', () => {
  it('reads amounts whose float product would be off by a fraction of a cent', () => {
    expect(0.29 * 100).not.toBe(29);
    expect(4.35 * 100).not.toBe(435);
    expect(cents('12.34')).toBe(1234);
    expect(cents('1.005')).toMatch(/two digits/);
    expect(cents('0.29')).toBe(29);
    expect(cents('19.99')).toBe(1999);
    expect(cents('4.35')).toBe(435);
  });

  it('accepts a dollar sign, thousands separators and a missing or short fraction', () => {
    expect(cents('$2,500')).toBe(250_000);
    expect(cents('1,234,567.8')).toMatch(/at most/);
    expect(cents('999,999.99')).toBe(99_999_999);
    expect(cents('1000000')).toBe(100_000_000);
    expect(cents(' 7. ')).toBe(700);
    expect(cents('0.01')).toBe(1);
  });

  it('refuses text that is not an amount or is out of range', () => {
    expect(cents('')).toMatch(/Enter the amount/);
    expect(cents('12,34')).toMatch(/for example/);
    expect(cents('-5')).toMatch(/for example/);
    expect(cents('1e5')).toMatch(/for example/);
    expect(cents('0.00')).toMatch(/at least/);
    expect(cents('1000000.01')).toMatch(/at most/);
    expect(cents('99999999999999999')).toMatch(/at most/);
  });
});
