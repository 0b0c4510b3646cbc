import { randomUUID } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { DomainError } from '@switchyard/domain/errors';
import { assertVoidable, type PaymentMethod } from '@switchyard/domain/transport/billing/invoice-lifecycle';
import { assertPaymentDate } from '@switchyard/domain/transport/billing/payment-date';
import type { InvoiceStatus } from '@switchyard/domain/transport/billing/invoice-vocabulary';
import type { InvoiceListStatus } from '@switchyard/domain/transport/billing/schemas';
import {
  settleOperatorPayment,
  settleProviderPayment,
  type PaymentFlag,
  type Settlement,
} from '@switchyard/domain/transport/billing/payment-settlement';
import { instantInZone, localDateOf } from '@switchyard/domain/transport/time-zone';
import { invoiceTitle, paymentReceipt } from '@switchyard/domain/transport/billing/payment-receipt';
import { enqueueMail } from '../../mail-outbox.ts';
import { OUTSTANDING_STATUSES } from '@switchyard/domain/transport/billing/outstanding';
import { db } from '../../kysely.ts';
import { Invoice } from './entities.ts';
import { INVOICE_COLUMNS, type InvoiceRow } from './rows.ts';
import { closeOpenCheckouts, listCheckoutSessions, type CheckoutSessionRow } from './checkout-sessions.ts';
import { addCreditEntry } from './household-credit.ts';

export type PaymentRow = {
  id: string;
  amount_cents: number;
  method: PaymentMethod;
  reference: string | null;
  provider: string | null;
  paid_at: unknown;
  recorded_by: string;
  created_at: unknown;
  credited_cents: number;
  flag: PaymentFlag | null;
};

export type LockedInvoice = InvoiceRow & { void_reason: string | null; credit_applied_cents: number };

/** The tenant's invoices, newest first; `outstanding` stands for every owed status. */
export const listTenantInvoices = (
  em: SqlEntityManager,
  tenantId: string,
  filter: { status?: InvoiceListStatus | undefined; householdId?: string | undefined },
): Promise<InvoiceRow[]> => {
  const { status, householdId } = filter;
  const statuses: readonly InvoiceStatus[] = status === 'outstanding' ? OUTSTANDING_STATUSES : status ? [status] : [];
  return db(em)
    .selectFrom('transport_invoice as i')
    .select(INVOICE_COLUMNS)
    .where('i.tenant_id', '=', tenantId)
    .$if(statuses.length > 0, (query) => query.where('i.status', 'in', statuses))
    .$if(Boolean(householdId), (query) => query.where('i.household_id', '=', householdId ?? ''))
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .execute();
};

const lockInvoice = async (tx: SqlEntityManager, tenantId: string, invoiceId: string): Promise<LockedInvoice> => {
  const row = await db(tx)
    .selectFrom('transport_invoice as i')
    .select([...INVOICE_COLUMNS, 'i.void_reason', 'i.credit_applied_cents'])
    .where('i.id', '=', invoiceId)
    .where('i.tenant_id', '=', tenantId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) {
    throw new DomainError('not_found', 'Invoice not found');
  }

  return row;
};

/** One invoice of the tenant with its payments (oldest first) and the checkouts made for it; null when not the tenant's. */
export const readInvoiceDetail = async (
  em: SqlEntityManager,
  tenantId: string,
  invoiceId: string,
): Promise<{ invoice: LockedInvoice; payments: PaymentRow[]; checkouts: CheckoutSessionRow[] } | null> => {
  const row: LockedInvoice | undefined = await db(em)
    .selectFrom('transport_invoice as i')
    .select([...INVOICE_COLUMNS, 'i.void_reason', 'i.credit_applied_cents'])
    .where('i.id', '=', invoiceId)
    .where('i.tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!row) {
    return null;
  }
  const payments: PaymentRow[] = await db(em)
    .selectFrom('transport_payment')
    .select(['id', 'amount_cents', 'method', 'reference', 'provider', 'paid_at', 'recorded_by', 'created_at', 'credited_cents', 'flag'])
    .where('invoice_id', '=', invoiceId)
    .orderBy('paid_at')
    .orderBy('created_at')
    .orderBy('id')
    .execute();

  return { invoice: row, payments, checkouts: await listCheckoutSessions(em, invoiceId) };
};

/** The invoice's state for the domain's rules, or 404 when it is not the tenant's. */
export const invoiceState = async (em: SqlEntityManager, tenantId: string, invoiceId: string) => {
  const row: InvoiceRow | undefined = await db(em)
    .selectFrom('transport_invoice as i')
    .select(INVOICE_COLUMNS)
    .where('i.id', '=', invoiceId)
    .where('i.tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!row) {
    throw new DomainError('not_found', 'Invoice not found');
  }

  return { row, state: { status: row.status, amountCents: row.amount_cents, amountPaidCents: row.amount_paid_cents } };
};

type Recorded = {
  paymentId: string;
  tenantId: string;
  householdId: string;
  invoiceId: string;
  before: string;
  after: string;
  amountCents: number;
  creditedCents: number;
  flag: PaymentFlag | null;
  /** The invoice's checkouts closed by this payment, to expire at the provider. */
  expired: CheckoutSessionRow[];
};

/**
 * The payer's receipt, written to the outbox in the payment's own transaction, so a payment is
 * never recorded without its receipt. A payer without an email gets none.
 */
const enqueueReceipt = async (
  tx: SqlEntityManager,
  invoice: LockedInvoice & { tenant_id: string },
  settlement: Settlement,
  payment: { amountCents: number; method: PaymentMethod; paidAt: Date; at: Date },
  paymentId: string,
  source: string,
): Promise<void> => {
  const to = await db(tx)
    .selectFrom('transport_tenant as t')
    .leftJoin('transport_payer as p', (join) => join.on('p.id', '=', invoice.payer_id ?? ''))
    .select(['t.name as operator', 't.time_zone', 'p.name as payer_name', 'p.email'])
    .where('t.id', '=', invoice.tenant_id)
    .executeTakeFirst();
  if (!to?.email) {
    return;
  }
  const receipt = paymentReceipt({
    operator: to.operator,
    payerName: to.payer_name ?? 'there',
    invoiceId: invoice.id,
    invoiceTitle: invoiceTitle({ kind: invoice.kind, cycleStart: invoice.cycle_start, cycleEnd: invoice.cycle_end }),
    amountCents: payment.amountCents,
    paidOn: localDateOf(payment.paidAt, to.time_zone),
    method: payment.method,
    balanceCents: Math.max(invoice.amount_cents - settlement.amountPaidCents, 0),
    creditedCents: settlement.creditedCents,
    voidInvoice: settlement.flag === 'void_invoice',
  });
  await enqueueMail(tx, {
    source,
    kind: 'payment_receipt',
    reference: `${invoice.tenant_id}/${paymentId}`,
    recipient: to.email,
    subject: receipt.subject,
    body: receipt.body,
    now: payment.at,
  });
};

/** Writes the payment, the invoice's new state and the household credit it made, in the caller's transaction. */
const writePayment = async (
  tx: SqlEntityManager,
  invoice: LockedInvoice & { tenant_id: string },
  settlement: Settlement,
  payment: {
    amountCents: number;
    method: PaymentMethod;
    reference: string | null;
    provider: string | null;
    providerPaymentId: string | null;
    checkoutRef: string | null;
    paidAt: Date;
    recordedBy: string;
    at: Date;
  },
  receiptSource: string,
): Promise<Recorded> => {
  const paymentId = randomUUID();
  await db(tx)
    .insertInto('transport_payment')
    .values({
      id: paymentId,
      tenant_id: invoice.tenant_id,
      invoice_id: invoice.id,
      amount_cents: payment.amountCents,
      method: payment.method,
      reference: payment.reference,
      provider: payment.provider,
      provider_payment_id: payment.providerPaymentId,
      paid_at: payment.paidAt,
      recorded_by: payment.recordedBy,
      credited_cents: settlement.creditedCents,
      flag: settlement.flag,
    })
    .execute();
  await tx.nativeUpdate(Invoice, { id: invoice.id }, { status: settlement.status, amountPaidCents: settlement.amountPaidCents });
  if (settlement.creditedCents > 0) {
    await addCreditEntry(tx, {
      tenantId: invoice.tenant_id,
      householdId: invoice.household_id,
      amountCents: settlement.creditedCents,
      kind: 'overpayment',
      invoiceId: invoice.id,
      paymentId,
      note: settlement.flag === 'void_invoice' ? 'received on a void invoice' : null,
      at: payment.at,
      recordedBy: payment.recordedBy,
    });
  }
  await enqueueReceipt(tx, invoice, settlement, payment, paymentId, receiptSource);
  const expired = await closeOpenCheckouts(tx, {
    invoiceId: invoice.id,
    at: payment.at,
    ...(payment.provider ? { completedRef: { provider: payment.provider, ref: payment.checkoutRef } } : {}),
  });

  return {
    paymentId,
    tenantId: invoice.tenant_id,
    householdId: invoice.household_id,
    invoiceId: invoice.id,
    before: invoice.status,
    after: settlement.status,
    amountCents: payment.amountCents,
    creditedCents: settlement.creditedCents,
    flag: settlement.flag,
    expired,
  };
};

/** The local day of a stored timestamp in the zone. */
const localDayOf = (value: unknown, zone: string): string => localDateOf(value instanceof Date ? value : new Date(String(value)), zone);

/**
 * Records a payment received outside the providers and moves the invoice to `partial` or `paid`
 * in one transaction, the invoice row locked so two payments at once cannot together pay more
 * than is owed without it being seen. The day it was received must lie between the invoice's
 * date and the tenant's today; more than the balance only with `excessAsCredit`. A refused
 * payment records nothing.
 */
export const recordInvoicePayment = (
  em: SqlEntityManager,
  input: {
    tenantId: string;
    invoiceId: string;
    amountCents: number;
    method: PaymentMethod;
    reference: string | null;
    /** The local day received, when given; `paidAt` the instant, when given as one. */
    paidOn: string | null;
    paidAt: Date | null;
    timeZone: string;
    excessAsCredit: boolean;
    recordedBy: string;
    at: Date;
    /** The outbox source whose worker mails the receipt. */
    receiptSource: string;
  },
): Promise<Recorded> =>
  em.fork().transactional(async (tx) => {
    const invoice = await lockInvoice(tx, input.tenantId, input.invoiceId);
    const today = localDateOf(input.at, input.timeZone);
    const paidOn = input.paidAt ? localDateOf(input.paidAt, input.timeZone) : (input.paidOn ?? today);
    assertPaymentDate(paidOn, { today, invoiceDate: localDayOf(invoice.created_at, input.timeZone) });
    const settlement = settleOperatorPayment(
      { status: invoice.status, amountCents: invoice.amount_cents, amountPaidCents: invoice.amount_paid_cents },
      input.amountCents,
      { excessAsCredit: input.excessAsCredit },
    );
    // The day received, at noon in the tenant's zone: the same local day wherever it is read.
    const paidAt = input.paidAt ?? (input.paidOn ? instantInZone(input.paidOn, '12:00', input.timeZone) : input.at);

    return writePayment(
      tx,
      { ...invoice, tenant_id: input.tenantId },
      settlement,
      {
        amountCents: input.amountCents,
        method: input.method,
        reference: input.reference,
        provider: null,
        providerPaymentId: null,
        checkoutRef: null,
        paidAt,
        recordedBy: input.recordedBy,
        at: input.at,
      },
      input.receiptSource,
    );
  });

/**
 * Voids a payment-less invoice with its reason; the invoice row is locked against a payment at the
 * same moment. Its open checkouts are closed and answered, to expire at the provider.
 */
export const voidTenantInvoice = (
  em: SqlEntityManager,
  input: { tenantId: string; invoiceId: string; reason: string; at: Date },
): Promise<{ before: string; expired: CheckoutSessionRow[] }> =>
  em.fork().transactional(async (tx) => {
    const invoice = await lockInvoice(tx, input.tenantId, input.invoiceId);
    // Credit applied to it is not money paid on it: it goes back to the household.
    assertVoidable({
      status: invoice.status,
      amountCents: invoice.amount_cents,
      amountPaidCents: invoice.amount_paid_cents - invoice.credit_applied_cents,
    });
    await tx.nativeUpdate(
      Invoice,
      { id: input.invoiceId },
      {
        status: 'void',
        voidReason: input.reason,
        voidedAt: input.at,
        paymentUrl: null,
        amountPaidCents: invoice.amount_paid_cents - invoice.credit_applied_cents,
        creditAppliedCents: 0,
      },
    );
    if (invoice.credit_applied_cents > 0) {
      await addCreditEntry(tx, {
        tenantId: input.tenantId,
        householdId: invoice.household_id,
        amountCents: invoice.credit_applied_cents,
        kind: 'released',
        invoiceId: invoice.id,
        paymentId: null,
        note: `invoice voided: ${input.reason}`.slice(0, 500),
        at: input.at,
        recordedBy: 'billing',
      });
    }
    const expired = await closeOpenCheckouts(tx, { invoiceId: input.invoiceId, at: input.at });

    return { before: invoice.status, expired };
  });

export type ProviderPaymentOutcome = ({ outcome: 'recorded' } & Recorded) | { outcome: 'duplicate' | 'unknown_invoice' };

/**
 * A provider's notification of a completed payment: finds the invoice by the id the checkout
 * carried or by the provider's checkout id, and records the payment once (the provider's payment
 * id is unique, so a repeated notification finds it and changes nothing). Money the provider took
 * is always recorded, also on a void or paid invoice: what the invoice does not owe becomes
 * household credit and the payment is flagged.
 */
export const recordProviderPayment = (
  em: SqlEntityManager,
  input: {
    provider: 'stripe' | 'square';
    invoiceId: string | null;
    providerRef: string | null;
    providerPaymentId: string;
    amountCents: number;
    at: Date;
    receiptSource: string;
  },
): Promise<ProviderPaymentOutcome> =>
  em.fork().transactional(async (tx) => {
    const ref = input.providerRef ?? '';
    const invoice = await db(tx)
      .selectFrom('transport_invoice as i')
      .select([...INVOICE_COLUMNS, 'i.void_reason', 'i.credit_applied_cents', 'i.tenant_id'])
      .where((eb) =>
        eb.or([
          eb('i.id', '=', input.invoiceId ?? ''),
          eb.and([eb('i.provider', '=', input.provider), eb('i.provider_ref', '=', ref)]),
          eb(
            'i.id',
            'in',
            eb
              .selectFrom('transport_checkout_session as s')
              .select('s.invoice_id')
              .where('s.provider', '=', input.provider)
              .where('s.provider_ref', '=', ref),
          ),
        ]),
      )
      .orderBy('i.created_at')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (!invoice) {
      return { outcome: 'unknown_invoice' };
    }
    const seen = await db(tx)
      .selectFrom('transport_payment')
      .select('id')
      .where('provider', '=', input.provider)
      .where('provider_payment_id', '=', input.providerPaymentId)
      .executeTakeFirst();
    if (seen) {
      return { outcome: 'duplicate' };
    }
    const settlement = settleProviderPayment(
      { status: invoice.status, amountCents: invoice.amount_cents, amountPaidCents: invoice.amount_paid_cents },
      input.amountCents,
    );
    const recorded = await writePayment(
      tx,
      invoice,
      settlement,
      {
        amountCents: input.amountCents,
        method: 'card',
        reference: input.providerPaymentId,
        provider: input.provider,
        providerPaymentId: input.providerPaymentId,
        checkoutRef: input.providerRef,
        paidAt: input.at,
        recordedBy: `provider:${input.provider}`,
        at: input.at,
      },
      input.receiptSource,
    );

    return { outcome: 'recorded', ...recorded };
  });
