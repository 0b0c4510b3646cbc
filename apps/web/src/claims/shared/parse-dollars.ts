import { LIMITS } from '@switchyard/domain/claims/limits';

export type ParsedAmount = { ok: true; cents: number } | { ok: false; message: string };

const PLAIN = /^\d+(?:\.\d*)?$/;
const GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;

/**
 * "1,234.56", "$1234.5" or "1234" to integer cents. The digits are joined as text and read once
 * as an integer, so no binary fraction ever enters the amount (12.34 * 100 is 1233.9999…).
 */
export const parseDollarsToCents = (input: string): ParsedAmount => {
  const text = input.trim().replace(/^\$\s*/, '');
  if (text === '') {
    return { ok: false, message: 'Enter the amount owed.' };
  }
  if (!PLAIN.test(text) && !GROUPED.test(text)) {
    return { ok: false, message: 'Enter the amount in dollars, for example 1250.00.' };
  }
  const [whole = '', fraction = ''] = text.replace(/,/g, '').split('.');
  if (fraction.length > 2) {
    return { ok: false, message: 'Use at most two digits after the decimal point.' };
  }
  const digits = `${whole}${fraction.padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
  if (digits.length > 12) {
    return { ok: false, message: 'The amount can be at most $1,000,000.00.' };
  }
  const cents = Number(digits);
  if (cents < LIMITS.amountCentsMin) {
    return { ok: false, message: 'The amount must be at least $0.01.' };
  }
  if (cents > LIMITS.amountCentsMax) {
    return { ok: false, message: 'The amount can be at most $1,000,000.00.' };
  }

  return { ok: true, cents };
};
