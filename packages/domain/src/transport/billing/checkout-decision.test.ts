import { describe, expect, it } from 'vitest';
import { checkoutDecision } from './checkout-decision.ts';

const now = new Date('2026-11-27T12:00:00Z');
const partial = { status: 'partial', amountCents: 29_500, amountPaidCents: 20_000 };

describe('a checkout for what is still owed', () => {
  it('is made for the balance, not the amount', () => {
    expect(checkoutDecision(partial, null, now)).toEqual({ kind: 'create', amountCents: 9_500 });
    expect(checkoutDecision({ ...partial, status: 'sent', amountPaidCents: 0 }, null, now)).toEqual({
      kind: 'create',
      amountCents: 29_500,
    });
  });

  it('uses an open checkout again only for the same balance while it is young', () => {
    const young = { id: 'c1', amountCents: 9_500, createdAt: new Date(now.getTime() - 3_600_000) };
    expect(checkoutDecision(partial, young, now)).toEqual({ kind: 'reuse', checkoutId: 'c1', amountCents: 9_500 });
    // Made for the whole amount before a cheque came in: a new one.
    expect(checkoutDecision(partial, { ...young, amountCents: 29_500 }, now)).toEqual({ kind: 'create', amountCents: 9_500 });
    expect(checkoutDecision(partial, { ...young, createdAt: new Date(now.getTime() - 13 * 3_600_000) }, now)).toEqual({
      kind: 'create',
      amountCents: 9_500,
    });
  });

  it('makes nothing when nothing is owed', () => {
    expect(checkoutDecision({ ...partial, status: 'paid', amountPaidCents: 29_500 }, null, now)).toEqual({
      kind: 'nothing_owed',
      reason: 'paid',
    });
    expect(checkoutDecision({ ...partial, status: 'void' }, null, now)).toEqual({ kind: 'nothing_owed', reason: 'void' });
    expect(checkoutDecision({ ...partial, status: 'draft', amountPaidCents: 0 }, null, now)).toEqual({
      kind: 'nothing_owed',
      reason: 'not_due',
    });
    expect(checkoutDecision({ ...partial, status: 'pending', amountPaidCents: 0 }, null, now)).toEqual({
      kind: 'nothing_owed',
      reason: 'not_due',
    });
  });
});
