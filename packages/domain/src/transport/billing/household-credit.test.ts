import { describe, expect, it } from 'vitest';
import { DomainError } from '../../errors.ts';
import { applyCredit, assertRefundable, netOwedCents } from './household-credit.ts';

describe('household credit', () => {
  it('is applied to a new invoice up to what it owes', () => {
    expect(applyCredit(20_000, { amountCents: 17_500, amountPaidCents: 0 })).toEqual({ appliedCents: 17_500, remainingCreditCents: 2_500 });
    expect(applyCredit(2_500, { amountCents: 17_500, amountPaidCents: 0 })).toEqual({ appliedCents: 2_500, remainingCreditCents: 0 });
    expect(applyCredit(0, { amountCents: 17_500, amountPaidCents: 0 })).toEqual({ appliedCents: 0, remainingCreditCents: 0 });
    expect(applyCredit(5_000, { amountCents: 17_500, amountPaidCents: 17_500 })).toEqual({ appliedCents: 0, remainingCreditCents: 5_000 });
  });

  it('is refunded at most in full', () => {
    expect(() => assertRefundable(5_000, 5_000)).not.toThrow();
    expect(() => assertRefundable(5_000, 5_001)).toThrow(DomainError);
    expect(() => assertRefundable(5_000, 5_001)).toThrow(/credit of 50.00/);
    expect(() => assertRefundable(0, 1)).toThrow(/credit of 0.00/);
  });

  it('counts against what is owed, never below zero', () => {
    expect(netOwedCents(29_500, 20_000)).toBe(9_500);
    expect(netOwedCents(5_000, 20_000)).toBe(0);
    expect(netOwedCents(5_000, 0)).toBe(5_000);
  });
});
