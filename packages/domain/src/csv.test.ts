import { describe, expect, it } from 'vitest';
import { centsAsDecimal, csvCell, csvRow } from './csv.ts';

describe('csvCell', () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1 555 0100', "'+1 555 0100"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['Acme, Inc.', '"Acme, Inc."'],
    ['two\nlines', '"two\nlines"'],
    ['plain', 'plain'],
  ])('writes %j as %j', (value, expected) => expect(csvCell(value)).toBe(expected));

  it('writes numbers and empty values as they are', () => {
    expect(csvCell(12)).toBe('12');
    expect(csvCell(null)).toBe('');
    expect(csvRow(['a', 1, null])).toBe('a,1,\r\n');
  });
});

describe('centsAsDecimal', () => {
  it.each([
    [250_000, '2500.00'],
    [1, '0.01'],
    [1_177_770_940, '11777709.40'],
    [100_000_000, '1000000.00'],
  ])('writes %d cents as %s', (cents, expected) => expect(centsAsDecimal(cents)).toBe(expected));
});
