import { z } from 'zod';
import { amountToCents } from '../billing/rates.ts';

/**
 * What an operator may set as its prices: amounts in currency units with at most two decimals, from
 * 0 to 1,000,000, and an ISO 4217 currency code the platform knows. Each refusal names its field.
 */

export const MAX_PRICE = 1_000_000;

/** The ISO 4217 codes Intl knows (the same list formats amounts in the browser). */
const knownCurrencies = (): ReadonlySet<string> => new Set(Intl.supportedValuesOf('currency'));
let currencies: ReadonlySet<string> | null = null;

export const isKnownCurrency = (code: string): boolean => {
  currencies ??= knownCurrencies();

  return currencies.has(code);
};

/** At most two decimals, read as cents so 19.99 (19.989999… in binary) passes and 19.999 does not. */
const hasAtMostTwoDecimals = (amount: number): boolean => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;

const price = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .refine((amount) => Number.isFinite(amount), `${field} must be a number`)
    .refine((amount) => amount >= 0, `${field} must not be negative`)
    .refine((amount) => amount <= MAX_PRICE, `${field} must be at most 1,000,000`)
    .refine(hasAtMostTwoDecimals, `${field} must have at most two decimals`);

export const currencyCode = z
  .string({ error: 'currency must be an ISO 4217 code such as USD' })
  .trim()
  .toUpperCase()
  .refine((code) => /^[A-Z]{3}$/.test(code) && isKnownCurrency(code), 'currency must be an ISO 4217 code such as USD');

export const pricingSettingsInput = z.strictObject({
  one_way: price('one_way'),
  two_way: price('two_way'),
  registration_fee: price('registration_fee'),
  currency: currencyCode,
});
export type PricingSettingsInput = z.infer<typeof pricingSettingsInput>;

/** The stored form of valid settings (cents). */
export const pricingCents = (input: PricingSettingsInput) => ({
  oneWayCents: amountToCents(input.one_way),
  twoWayCents: amountToCents(input.two_way),
  registrationFeeCents: amountToCents(input.registration_fee),
  currency: input.currency,
});

/** The fields that differ between two settings, as audit rows name them: `{field: {from, to}}`. */
export const pricingChanges = (
  before: PricingSettingsInput,
  after: PricingSettingsInput,
): Record<string, { from: number | string; to: number | string }> => {
  const changes: Record<string, { from: number | string; to: number | string }> = {};
  for (const field of ['one_way', 'two_way', 'registration_fee', 'currency'] as const) {
    if (before[field] !== after[field]) {
      changes[field] = { from: before[field], to: after[field] };
    }
  }

  return changes;
};
