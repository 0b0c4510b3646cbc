import { describe, expect, it } from 'vitest';
import { amountToCents, centsToAmount, tripTypeFor, weeklyRateFor } from './rates.ts';

describe('trip types and rates', () => {
  it('maps one leg to one_way at 120.00 and both to two_way at 175.00', () => {
    expect(tripTypeFor('morning')).toBe('one_way');
    expect(tripTypeFor('afternoon')).toBe('one_way');
    expect(tripTypeFor('both')).toBe('two_way');
    expect(weeklyRateFor('morning')).toBe(12_000);
    expect(weeklyRateFor('both')).toBe(17_500);
  });

  it('converts between currency units and cents without float drift', () => {
    expect(amountToCents(19.99)).toBe(1_999);
    expect(amountToCents(0.1 + 0.2)).toBe(30);
    expect(centsToAmount(17_500)).toBe(175);
  });
});
