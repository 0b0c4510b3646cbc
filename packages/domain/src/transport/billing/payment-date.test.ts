import { describe, expect, it } from 'vitest';
import { DomainError } from '../../errors.ts';
import { assertPaymentDate, assertRefundDate } from './payment-date.ts';

const bounds = { today: '2026-11-27', invoiceDate: '2026-11-23' };

describe('the day a payment was received', () => {
  it('lies between the invoice date and today, both included', () => {
    for (const day of ['2026-11-23', '2026-11-25', '2026-11-27']) {
      expect(() => assertPaymentDate(day, bounds)).not.toThrow();
    }
  });

  it('is refused after today or before the invoice, naming the field', () => {
    for (const [day, message] of [
      ['2026-11-28', /after today \(2026-11-27\)/],
      ['9999-12-31', /after today/],
      ['2026-11-22', /before the invoice date \(2026-11-23\)/],
      ['1970-01-01', /before the invoice date/],
    ] as const) {
      let caught: unknown;
      try {
        assertPaymentDate(day, bounds);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(DomainError);
      expect((caught as DomainError).code).toBe('validation_error');
      expect((caught as DomainError).message).toMatch(message);
      expect((caught as DomainError).issues[0]?.path).toBe('paid_at');
    }
  });
});

describe('the day a refund was made', () => {
  it('lies between the first credit and today', () => {
    expect(() => assertRefundDate('2026-11-27', { today: '2026-11-27', creditSince: '2026-11-20' })).not.toThrow();
    expect(() => assertRefundDate('2026-11-28', { today: '2026-11-27', creditSince: '2026-11-20' })).toThrow(
      /^refunded_at: must not be after today/,
    );
    expect(() => assertRefundDate('1970-01-01', { today: '2026-11-27', creditSince: '2026-11-20' })).toThrow(
      /^refunded_at: must not be before the credit was received \(2026-11-20\)/,
    );
  });
});
