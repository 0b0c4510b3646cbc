import { describe, expect, it } from 'vitest';
import { containsSensitiveNumber, foldForPatterns } from './compliance.ts';

describe('containsSensitiveNumber', () => {
  it.each(['my ssn is 123-45-6789', '123456789', 'card 4111 1111 1111 1111', '4111-1111-1111-1111', '4111111111111111'])(
    'refuses %s',
    (text) => expect(containsSensitiveNumber(text)).toBe(true),
  );

  it.each(['Invoice INV-2024-0042 for $1,234.56', 'call 555-1234', 'PO 12345678', 'Suite 1200, 300 Main St'])('accepts %s', (text) =>
    expect(containsSensitiveNumber(text)).toBe(false),
  );

  it.each([
    ['full-width digits and hyphens', '１２３－４５－６７８９'],
    ['Arabic-Indic digits', 'ssn ١٢٣-٤٥-٦٧٨٩'],
    ['Devanagari digits', '१२३४५६७८९'],
    ['mathematical bold digits', '𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖𝟗'],
    ['a card in full-width digits with ideographic spaces', '４１１１\u3000１１１１\u3000１１１１\u3000１１１１'],
    ['a card with en dashes', '4111–1111–1111–1111'],
    ['an SSN with zero-width spaces between digits', '123\u200B-45-\u200B6789'],
    ['a card with no-break spaces', '4111\u00A01111\u00A01111\u00A01111'],
  ])('refuses %s', (_label, text) => expect(containsSensitiveNumber(text)).toBe(true));

  it('folds digits of every script to their ASCII value', () => {
    expect(foldForPatterns('٠١٢٣٤٥٦٧٨٩ ０９ ०९ 𝟎𝟗 𝟘𝟡')).toBe('0123456789 09 09 09 09');
  });
});
