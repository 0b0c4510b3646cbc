import { describe, expect, it } from 'vitest';
import { outstandingCents } from './outstanding.ts';

describe('outstanding amount of an invoice', () => {
  it('counts unpaid, partial and sent invoices, minus what was paid', () => {
    expect(outstandingCents({ status: 'sent', amountCents: 5_000, amountPaidCents: 0 })).toBe(5_000);
    expect(outstandingCents({ status: 'partial', amountCents: 17_500, amountPaidCents: 7_500 })).toBe(10_000);
    expect(outstandingCents({ status: 'unpaid', amountCents: 12_000, amountPaidCents: 0 })).toBe(12_000);
  });

  it('owes nothing on drafts, pending fees and overpaid invoices', () => {
    expect(outstandingCents({ status: 'draft', amountCents: 12_000, amountPaidCents: 0 })).toBe(0);
    expect(outstandingCents({ status: 'pending', amountCents: 5_000, amountPaidCents: 0 })).toBe(0);
    expect(outstandingCents({ status: 'partial', amountCents: 5_000, amountPaidCents: 6_000 })).toBe(0);
  });
});
