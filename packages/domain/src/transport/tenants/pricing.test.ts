import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isKnownCurrency, pricingCents, pricingChanges, pricingSettingsInput } from './pricing.ts';

const valid = { one_way: 95, two_way: 140.5, registration_fee: 25, currency: 'cad' };

const refusedFields = (input: unknown): string[] => {
  const parsed = pricingSettingsInput.safeParse(input);

  return parsed.success ? [] : [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))];
};

describe('pricingSettingsInput', () => {
  it('takes amounts with up to two decimals and an ISO 4217 code, upper-cased', () => {
    expect(pricingSettingsInput.parse(valid)).toEqual({ ...valid, currency: 'CAD' });
    expect(pricingCents(pricingSettingsInput.parse({ ...valid, one_way: 19.99 }))).toEqual({
      oneWayCents: 1999,
      twoWayCents: 14050,
      registrationFeeCents: 2500,
      currency: 'CAD',
    });
    expect(pricingSettingsInput.parse({ ...valid, registration_fee: 0, two_way: 1_000_000 }).two_way).toBe(1_000_000);
  });

  it.each([
    [{ one_way: -1 }, 'one_way'],
    [{ two_way: 10.005 }, 'two_way'],
    [{ registration_fee: 1_000_000.01 }, 'registration_fee'],
    [{ currency: 'XYZ' }, 'currency'],
    [{ currency: 'US' }, 'currency'],
    [{ one_way: '12' }, 'one_way'],
    [{ two_way: Number.NaN }, 'two_way'],
  ])('refuses %j naming %s', (change, field) => {
    expect(refusedFields({ ...valid, ...change })).toEqual([field]);
  });

  it('knows the common currencies', () => {
    for (const code of ['USD', 'EUR', 'GBP', 'CAD', 'JPY']) {
      expect(isKnownCurrency(code)).toBe(true);
    }
    expect(isKnownCurrency('usd')).toBe(false);
  });

  it('stores any accepted amount as the same number of whole cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => {
        const amount = cents / 100;
        const parsed = pricingSettingsInput.parse({ ...valid, one_way: amount });
        expect(pricingCents(parsed).oneWayCents).toBe(cents);
      }),
    );
  });
});

describe('pricingChanges', () => {
  it('names each changed field with its old and new value', () => {
    const before = pricingSettingsInput.parse(valid);
    expect(pricingChanges(before, { ...before, two_way: 150, currency: 'EUR' })).toEqual({
      two_way: { from: 140.5, to: 150 },
      currency: { from: 'CAD', to: 'EUR' },
    });
    expect(pricingChanges(before, before)).toEqual({});
  });
});
