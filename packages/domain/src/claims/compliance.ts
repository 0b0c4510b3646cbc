/**
 * The service must never hold national ID numbers, bank account numbers or card numbers. These
 * are the patterns the specification names; any free text matching one is refused outright.
 */
const SSN_PATTERN = /\b\d{3}-?\d{2}-?\d{4}\b/;
const CARD_PATTERN = /\b(?:\d[ -]?){13,19}\b/;

export const SENSITIVE_NUMBER_MESSAGE =
  'Please do not include Social Security numbers or bank account / card numbers.';

export const containsSensitiveNumber = (text: string): boolean => SSN_PATTERN.test(text) || CARD_PATTERN.test(text);
