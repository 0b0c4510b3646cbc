import { describe, expect, it } from 'vitest';
import { invoiceTitle, paymentReceipt } from './payment-receipt.ts';

const facts = {
  operator: 'Demo School Transport',
  payerName: 'Pat Parent',
  invoiceId: 'inv-1',
  invoiceTitle: invoiceTitle({ kind: 'transportation', cycleStart: '2026-11-23', cycleEnd: '2026-11-29' }),
  amountCents: 20_000,
  paidOn: '2026-11-25',
  method: 'check',
  balanceCents: 9_500,
  creditedCents: 0,
  voidInvoice: false,
};

describe('a payment receipt', () => {
  it('names the amount, day, method, invoice and what is left', () => {
    const receipt = paymentReceipt(facts);
    expect(receipt.subject).toBe('Demo School Transport: receipt for your payment of $200.00');
    expect(receipt.body).toContain(
      'received your payment of $200.00 on 2026-11-25 by cheque, for School transport 2026-11-23 to 2026-11-29.',
    );
    expect(receipt.body).toContain('Still to pay on this invoice: $95.00.');
    expect(receipt.body).toContain('Invoice: inv-1');
  });

  it('says when the invoice is paid, and what became credit', () => {
    expect(paymentReceipt({ ...facts, balanceCents: 0 }).body).toContain('paid in full. Nothing more is owed');
    expect(paymentReceipt({ ...facts, balanceCents: 0, creditedCents: 500 }).body).toContain(
      '$5.00 was more than was owed and is kept as credit',
    );
    expect(paymentReceipt({ ...facts, balanceCents: 0, creditedCents: 20_000, voidInvoice: true, method: 'card' }).body).toMatch(
      /by card.*\n\nThis invoice was cancelled, so the whole \$200.00 is kept as credit/s,
    );
    expect(invoiceTitle({ kind: 'registration', cycleStart: null, cycleEnd: null })).toBe('School transport registration fee');
  });
});
