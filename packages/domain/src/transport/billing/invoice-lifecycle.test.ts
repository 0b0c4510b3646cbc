import { describe, expect, it } from 'vitest';
import { assertSendable, assertVoidable } from './invoice-lifecycle.ts';

const sent = { status: 'sent', amountCents: 10_000, amountPaidCents: 0 };

describe('invoice lifecycle', () => {
  it('sends drafts and pending fees only', () => {
    expect(() => assertSendable({ ...sent, status: 'draft' })).not.toThrow();
    expect(() => assertSendable({ ...sent, status: 'pending' })).not.toThrow();
    expect(() => assertSendable(sent)).toThrow(/cannot be sent/);
  });

  it('voids only what nobody paid anything of', () => {
    expect(() => assertVoidable(sent)).not.toThrow();
    expect(() => assertVoidable({ ...sent, status: 'partial', amountPaidCents: 1 })).toThrow(/payments recorded/);
    expect(() => assertVoidable({ ...sent, status: 'void' })).toThrow(/void invoice/);
  });
});
