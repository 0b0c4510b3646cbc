import { describe, expect, it } from 'vitest';
import { applyPayment, applyProviderPayment, assertSendable, assertVoidable } from './invoice-lifecycle.ts';

const sent = { status: 'sent', amountCents: 10_000, amountPaidCents: 0 };

describe('invoice lifecycle', () => {
  it('sends drafts and pending fees only', () => {
    expect(() => assertSendable({ ...sent, status: 'draft' })).not.toThrow();
    expect(() => assertSendable({ ...sent, status: 'pending' })).not.toThrow();
    expect(() => assertSendable(sent)).toThrow(/cannot be sent/);
  });

  it('is partial until covered, then paid, and refuses more than what is owed', () => {
    expect(applyPayment(sent, 4_000)).toEqual({ status: 'partial', amountPaidCents: 4_000 });
    expect(applyPayment({ ...sent, status: 'partial', amountPaidCents: 4_000 }, 6_000)).toEqual({ status: 'paid', amountPaidCents: 10_000 });
    expect(() => applyPayment({ ...sent, status: 'partial', amountPaidCents: 4_000 }, 6_001)).toThrow(/more than the 60.00/);
    for (const status of ['paid', 'void', 'draft', 'pending']) {
      expect(() => applyPayment({ ...sent, status }, 1)).toThrow(/takes no payments/);
    }
  });

  it('lets a provider pay an invoice once', () => {
    expect(applyProviderPayment({ ...sent, status: 'pending' }, 10_000)).toEqual({ status: 'paid', amountPaidCents: 10_000 });
    expect(applyProviderPayment({ ...sent, status: 'paid', amountPaidCents: 10_000 }, 10_000)).toBeNull();
  });

  it('voids only what nobody paid anything of', () => {
    expect(() => assertVoidable(sent)).not.toThrow();
    expect(() => assertVoidable({ ...sent, status: 'partial', amountPaidCents: 1 })).toThrow(/payments recorded/);
    expect(() => assertVoidable({ ...sent, status: 'void' })).toThrow(/void invoice/);
  });
});
