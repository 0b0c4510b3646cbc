import { z } from 'zod';
import { INVOICE_KINDS, INVOICE_STATUSES } from '@switchyard/domain/transport/billing/invoice-vocabulary';
import { PAYMENT_METHODS } from '@switchyard/domain/transport/billing/invoice-lifecycle';
import { PAYMENT_FLAGS } from '@switchyard/domain/transport/billing/payment-settlement';

/** The answers of the invoice paths, checked on the way out. */
export const invoiceOutput = z.object({
  id: z.string(),
  household_id: z.string(),
  payer_id: z.string().nullable(),
  // Stored as text; the check constraints keep them to these values, and the answer says so.
  kind: z.string().pipe(z.enum(INVOICE_KINDS)),
  status: z.string().pipe(z.enum(INVOICE_STATUSES)),
  amount: z.number(),
  amount_paid: z.number(),
  provider: z.string(),
  payment_url: z.string().nullable(),
  cycle_start: z.string().nullable(),
  cycle_end: z.string().nullable(),
  created_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  currency: z.string().describe('ISO 4217 code the invoice was issued in (the tenant currency at the time)'),
  school_days: z
    .int()
    .nullable()
    .describe(
      'For the week of a first pickup after Monday: the school days (Monday to Friday) billed, pro rata of five; null for a full week or a registration fee',
    ),
});

export const paymentOutput = z.object({
  id: z.string(),
  amount: z.number(),
  method: z.string().pipe(z.enum(PAYMENT_METHODS)),
  reference: z.string().nullable(),
  provider: z.string().nullable(),
  paid_at: z.string().nullable(),
  recorded_by: z.string(),
  created_at: z.string().nullable(),
  /** The part of the payment beyond what the invoice owed, kept as household credit. */
  credited: z.number(),
  /** `void_invoice`: received on a void invoice; `overpaid`: more than the balance. Null for an ordinary payment. */
  flag: z.string().pipe(z.enum(PAYMENT_FLAGS)).nullable(),
  /** The flag as the operator reads it ("Overpaid by $20.00: kept as household credit"). */
  flag_text: z.string().nullable(),
});

export const checkoutOutput = z.object({
  id: z.string(),
  provider: z.string(),
  /** The provider's id of the checkout (a Stripe session, a Square order). */
  provider_ref: z.string().nullable(),
  url: z.string(),
  /** The balance the checkout was made for. */
  amount: z.number(),
  /** `open` until paid (`completed`) or closed because the balance changed or the invoice was voided (`expired`). */
  status: z.string().pipe(z.enum(['open', 'expired', 'completed'])),
  created_at: z.string().nullable(),
  closed_at: z.string().nullable(),
});

export const invoiceDetailOutput = invoiceOutput.extend({
  void_reason: z.string().nullable(),
  /** What is still owed: the amount less what was paid (household credit applied counts as paid). */
  balance: z.number(),
  /** Household credit applied to this invoice when it was made (included in amount_paid). */
  credit_applied: z.number(),
  /** What payments brought beyond the amount, kept as household credit. */
  credited: z.number(),
  payments: z.array(paymentOutput),
  checkouts: z.array(checkoutOutput),
});

export const invoiceListOutput = z.array(invoiceOutput);
