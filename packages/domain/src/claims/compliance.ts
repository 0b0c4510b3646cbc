/**
 * The service must never hold national ID numbers, bank account numbers or card numbers. These
 * are the patterns the specification names; any free text matching one is refused outright.
 */
const SSN_PATTERN = /\b\d{3}-?\d{2}-?\d{4}\b/;
const CARD_PATTERN = /\b(?:\d[ -]?){13,19}\b/;

export const SENSITIVE_NUMBER_MESSAGE = 'Please do not include Social Security numbers or bank account / card numbers.';

const DECIMAL_DIGIT = /\p{Nd}/u;

/**
 * The value of a decimal digit of any script. Unicode encodes each script's digits 0-9 as one
 * contiguous run (several sets may follow each other, as the mathematical digits do), so the value
 * is the distance from the start of the run, modulo ten.
 */
const digitValue = (char: string): number => {
  let codePoint = char.codePointAt(0) ?? 0;
  let distance = 0;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(codePoint - 1))) {
    codePoint--;
    distance++;
  }

  return distance % 10;
};

/**
 * Folds text so that look-alikes cannot slip past the patterns: compatibility forms (full-width
 * digits, no-break spaces) become what they stand for, digits of every script become ASCII digits,
 * dashes of every kind become "-", spaces of every kind a space, and invisible format characters
 * (zero-width space, joiners) that could sit between digits are dropped.
 */
export const foldForPatterns = (text: string): string =>
  text
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .replace(/\p{Nd}/gu, (digit) => (digit >= '0' && digit <= '9' ? digit : String(digitValue(digit))))
    .replace(/[\p{Pd}\u2212]/gu, '-')
    .replace(/\p{Zs}/gu, ' ');

export const containsSensitiveNumber = (text: string): boolean => {
  const folded = foldForPatterns(text);

  return SSN_PATTERN.test(folded) || CARD_PATTERN.test(folded);
};
