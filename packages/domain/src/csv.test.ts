import fc from 'fast-check';
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
    ['  =1+1', "'  =1+1"],
    ['\n=cmd', `"'\n=cmd"`],
    ['\r\n@SUM(A1)', `"'\r\n@SUM(A1)"`],
    [' \t -1', "' \t -1"],
    ['\nplain', `"'\nplain"`],
    ['\uFF1D1+1', "'\uFF1D1+1"],
    ['Acme = Co', 'Acme = Co'],
  ])('writes %j as %j', (value, expected) => expect(csvCell(value)).toBe(expected));

  /** The text a spreadsheet sees in a cell written alone on a line: quotes undone. */
  const cellText = (cell: string) => (cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell);
  const whiteSpace = fc.array(fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0', '\v', '\f'), { maxLength: 6 });

  it('neutralises every formula start, whatever white space comes before it', () => {
    fc.assert(
      fc.property(whiteSpace, fc.constantFrom('=', '+', '-', '@'), fc.string(), (before, trigger, rest) => {
        const value = `${before.join('')}${trigger}${rest}`;
        expect(cellText(csvCell(value))).toBe(`'${value}`);
      }),
    );
  });

  it('neutralises every text that starts with a tab, a carriage return or a line feed', () => {
    fc.assert(
      fc.property(fc.constantFrom('\t', '\r', '\n'), fc.string(), (first, rest) => {
        expect(cellText(csvCell(`${first}${rest}`))).toBe(`'${first}${rest}`);
      }),
    );
  });

  it('writes every other text unchanged, quoted only when it must be', () => {
    fc.assert(
      fc.property(
        fc.string().filter((value) => !/^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/.test(value) && !/^[\t\r\n]/.test(value)),
        (value) => {
          expect(cellText(csvCell(value))).toBe(value);
        },
      ),
    );
  });

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
