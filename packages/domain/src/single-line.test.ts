import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSingleLine } from './single-line.ts';

describe('isSingleLine', () => {
  it.each(['Acme Supplies', "Zoë Ō'Brien-Smith", '+1 (555) 0100', 'Straße 1, 8000 Zürich', ''])('accepts %j', (value) => {
    expect(isSingleLine(value)).toBe(true);
  });

  it.each(['Acme\nBcc: x@evil.test', 'Acme\r', '\r\nAcme', 'A\tB', 'A\u001bB', 'A\u007fB', 'A\u0085B', 'A\u2028B', 'A\u2029B', 'A\u0000B'])(
    'refuses %j',
    (value) => {
      expect(isSingleLine(value)).toBe(false);
    },
  );

  it('refuses any text with a line break anywhere in it', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('\n', '\r', '\r\n', '\u2028'), fc.string(), (before, lineBreak, after) => {
        expect(isSingleLine(`${before}${lineBreak}${after}`)).toBe(false);
      }),
    );
  });
});
