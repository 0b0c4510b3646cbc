import { describe, expect, it } from 'vitest';
import { paymentFlagText, settleOperatorPayment, settleProviderPayment } from './payment-settlement.ts';

const sent = { status: 'sent', amountCents: 29_500, amountPaidCents: 0 };

describe('an operator payment', () => {
  it('is partial until covered, then paid', () => {
    expect(settleOperatorPayment(sent, 20_000, { excessAsCredit: false })).toEqual({
      status: 'partial',
      amountPaidCents: 20_000,
      appliedCents: 20_000,
      creditedCents: 0,
      flag: null,
    });
    expect(settleOperatorPayment({ ...sent, status: 'partial', amountPaidCents: 20_000 }, 9_500, { excessAsCredit: false })).toEqual({
      status: 'paid',
      amountPaidCents: 29_500,
      appliedCents: 9_500,
      creditedCents: 0,
      flag: null,
    });
  });

  it('refuses more than the balance unless the excess is to be credit, naming the balance', () => {
    expect(() => settleOperatorPayment({ ...sent, status: 'partial', amountPaidCents: 20_000 }, 9_501, { excessAsCredit: false })).toThrow(
      /more than the 95.00 still owed/,
    );
    expect(settleOperatorPayment({ ...sent, status: 'partial', amountPaidCents: 20_000 }, 30_000, { excessAsCredit: true })).toEqual({
      status: 'paid',
      amountPaidCents: 29_500,
      appliedCents: 9_500,
      creditedCents: 20_500,
      flag: 'overpaid',
    });
  });

  it('is refused on an invoice that is not owed', () => {
    for (const status of ['paid', 'void', 'draft', 'pending']) {
      expect(() => settleOperatorPayment({ ...sent, status }, 1, { excessAsCredit: true })).toThrow(/takes no payments/);
    }
  });
});

describe('a provider payment', () => {
  it('pays a pending fee or a sent invoice', () => {
    expect(settleProviderPayment({ ...sent, status: 'pending', amountCents: 5_000 }, 5_000)).toMatchObject({
      status: 'paid',
      amountPaidCents: 5_000,
      creditedCents: 0,
      flag: null,
    });
    expect(settleProviderPayment(sent, 10_000)).toMatchObject({ status: 'partial', amountPaidCents: 10_000, creditedCents: 0 });
  });

  it('keeps what a paid invoice cannot take as credit, flagged overpaid', () => {
    expect(settleProviderPayment({ ...sent, status: 'paid', amountPaidCents: 29_500 }, 29_500)).toEqual({
      status: 'paid',
      amountPaidCents: 29_500,
      appliedCents: 0,
      creditedCents: 29_500,
      flag: 'overpaid',
    });
    expect(settleProviderPayment({ ...sent, status: 'partial', amountPaidCents: 20_000 }, 29_500)).toMatchObject({
      status: 'paid',
      appliedCents: 9_500,
      creditedCents: 20_000,
      flag: 'overpaid',
    });
  });

  it('leaves a void invoice void and keeps the whole payment as credit', () => {
    expect(settleProviderPayment({ ...sent, status: 'void' }, 29_500)).toEqual({
      status: 'void',
      amountPaidCents: 0,
      appliedCents: 0,
      creditedCents: 29_500,
      flag: 'void_invoice',
    });
  });

  it('is told to the operator in words', () => {
    expect(paymentFlagText('overpaid', 20_000)).toBe('Overpaid by $200.00: kept as household credit');
    expect(paymentFlagText('void_invoice', 5_000)).toBe('Received on a void invoice: $50.00 kept as household credit');
    expect(paymentFlagText(null, 0)).toBeNull();
  });
});
