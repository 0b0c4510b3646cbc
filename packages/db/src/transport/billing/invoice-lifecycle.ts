import { randomUUID } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { DomainError } from '@switchyard/domain/errors';
import { applyPayment, applyProviderPayment, assertVoidable, type PaymentMethod } from '@switchyard/domain/transport/billing/invoice-lifecycle';
import { OUTSTANDING_STATUSES } from '@switchyard/domain/transport/billing/outstanding';
import { db } from '../../kysely.ts';
import { Invoice } from './entities.ts';
import { INVOICE_COLUMNS, type InvoiceRow } from './rows.ts';

export type PaymentRow = {
  id: string;
  amount_cents: number;
  method: string;
  reference: string | null;
  provider: string | null;
  paid_at: unknown;
  recorded_by: string;
  created_at: unknown;
};


export type LockedInvoice = InvoiceRow & { void_reason: string | null };

/** The tenant's invoices, newest first; `outstanding` stands for every owed status. */
export const listTenantInvoices = (em: SqlEntityManager, tenantId: string, filter: { status?: string | undefined; householdId?: string | undefined }): Promise<InvoiceRow[]> => {
  const { status, householdId } = filter;
  return db(em)
    .selectFrom('transport_invoice as i')
    .select(INVOICE_COLUMNS)
    .where('i.tenant_id', '=', tenantId)
    .$if(status === 'outstanding', (query) => query.where('i.status', 'in', OUTSTANDING_STATUSES))
    .$if(Boolean(status) && status !== 'outstanding', (query) => query.where('i.status', '=', status ?? ''))
    .$if(Boolean(householdId), (query) => query.where('i.household_id', '=', householdId ?? ''))
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .execute();
};

const lockInvoice = async (tx: SqlEntityManager, tenantId: string, invoiceId: string): Promise<LockedInvoice> => {
  const row = await db(tx)
    .selectFrom('transport_invoice as i')
    .select([...INVOICE_COLUMNS, 'i.void_reason'])
    .where('i.id', '=', invoiceId)
    .where('i.tenant_id', '=', tenantId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) {
    throw new DomainError('not_found', 'Invoice not found');
  }

  return row;
};

/** One invoice of the tenant with its payments, oldest payment first; null when not the tenant's. */
export const readInvoiceDetail = async (
  em: SqlEntityManager,
  tenantId: string,
  invoiceId: string,
): Promise<{ invoice: LockedInvoice; payments: PaymentRow[] } | null> => {
  const row: LockedInvoice | undefined = await db(em)
    .selectFrom('transport_invoice as i')
    .select([...INVOICE_COLUMNS, 'i.void_reason'])
    .where('i.id', '=', invoiceId)
    .where('i.tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!row) {
    return null;
  }
  const payments: PaymentRow[] = await db(em)
    .selectFrom('transport_payment')
    .select(['id', 'amount_cents', 'method', 'reference', 'provider', 'paid_at', 'recorded_by', 'created_at'])
    .where('invoice_id', '=', invoiceId)
    .orderBy('paid_at')
    .orderBy('created_at')
    .orderBy('id')
    .execute();

  return { invoice: row, payments };
};

/** The invoice's state for the domain's rules, or 404 when it is not the tenant's. */
export const invoiceState = async (em: SqlEntityManager, tenantId: string, invoiceId: string) => {
  const row: InvoiceRow | undefined = await db(em).selectFrom('transport_invoice as i').select(INVOICE_COLUMNS).where('i.id', '=', invoiceId).where('i.tenant_id', '=', tenantId).executeTakeFirst();
  if (!row) {
    throw new DomainError('not_found', 'Invoice not found');
  }

  return { row, state: { status: row.status, amountCents: row.amount_cents, amountPaidCents: row.amount_paid_cents } };
};

/**
 * Records a payment and moves the invoice to `partial` or `paid` in one transaction, the invoice
 * row locked so two payments at once cannot together pay more than is owed. A refused payment
 * (domain rule) records nothing.
 */
export const recordInvoicePayment = (
  em: SqlEntityManager,
  input: { tenantId: string; invoiceId: string; amountCents: number; method: PaymentMethod; reference: string | null; paidAt: Date; recordedBy: string },
): Promise<{ paymentId: string; before: string; after: string }> =>
  em.fork().transactional(async (tx) => {
    const invoice = await lockInvoice(tx, input.tenantId, input.invoiceId);
    const next = applyPayment({ status: invoice.status, amountCents: invoice.amount_cents, amountPaidCents: invoice.amount_paid_cents }, input.amountCents);
    const paymentId = randomUUID();
    await db(tx)
      .insertInto('transport_payment')
      .values({
        id: paymentId,
        tenant_id: input.tenantId,
        invoice_id: input.invoiceId,
        amount_cents: input.amountCents,
        method: input.method,
        reference: input.reference,
        paid_at: input.paidAt,
        recorded_by: input.recordedBy,
      })
      .execute();
    await tx.nativeUpdate(Invoice, { id: input.invoiceId }, { status: next.status, amountPaidCents: next.amountPaidCents });

    return { paymentId, before: invoice.status, after: next.status };
  });

/** Voids a payment-less invoice with its reason; the invoice row is locked against a payment at the same moment. */
export const voidTenantInvoice = (em: SqlEntityManager, input: { tenantId: string; invoiceId: string; reason: string; at: Date }): Promise<{ before: string }> =>
  em.fork().transactional(async (tx) => {
    const invoice = await lockInvoice(tx, input.tenantId, input.invoiceId);
    assertVoidable({ status: invoice.status, amountCents: invoice.amount_cents, amountPaidCents: invoice.amount_paid_cents });
    await tx.nativeUpdate(Invoice, { id: input.invoiceId }, { status: 'void', voidReason: input.reason, voidedAt: input.at });

    return { before: invoice.status };
  });

export type ProviderPaymentOutcome =
  | { outcome: 'recorded'; tenantId: string; invoiceId: string; householdId: string; status: string; amountCents: number }
  | { outcome: 'duplicate' | 'unknown_invoice' | 'settled' };

/**
 * A provider's notification of a completed payment: finds the invoice by the id the checkout
 * carried or by the provider's checkout id, records the payment once (the provider's payment id is
 * unique, so a repeated notification finds it and changes nothing) and marks the invoice paid.
 */
export const recordProviderPayment = (
  em: SqlEntityManager,
  input: { provider: 'stripe' | 'square'; invoiceId: string | null; providerRef: string | null; providerPaymentId: string; amountCents: number; at: Date },
): Promise<ProviderPaymentOutcome> =>
  em.fork().transactional(async (tx) => {
    const invoice = await db(tx)
      .selectFrom('transport_invoice as i')
      .select([...INVOICE_COLUMNS, 'i.void_reason', 'i.tenant_id'])
      .where((eb) => eb.or([eb('i.id', '=', input.invoiceId ?? ''), eb.and([eb('i.provider', '=', input.provider), eb('i.provider_ref', '=', input.providerRef ?? '')])]))
      .orderBy('i.created_at')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (!invoice) {
      return { outcome: 'unknown_invoice' };
    }
    const seen = await db(tx).selectFrom('transport_payment').select('id').where('provider', '=', input.provider).where('provider_payment_id', '=', input.providerPaymentId).executeTakeFirst();
    if (seen) {
      return { outcome: 'duplicate' };
    }
    const next = applyProviderPayment({ status: invoice.status, amountCents: invoice.amount_cents, amountPaidCents: invoice.amount_paid_cents }, input.amountCents);
    if (!next) {
      return { outcome: 'settled' };
    }
    await db(tx)
      .insertInto('transport_payment')
      .values({
        id: randomUUID(),
        tenant_id: invoice.tenant_id,
        invoice_id: invoice.id,
        amount_cents: input.amountCents,
        method: 'card',
        reference: input.providerPaymentId,
        provider: input.provider,
        provider_payment_id: input.providerPaymentId,
        paid_at: input.at,
        recorded_by: `provider:${input.provider}`,
      })
      .execute();
    await tx.nativeUpdate(Invoice, { id: invoice.id }, { status: next.status, amountPaidCents: next.amountPaidCents });

    return { outcome: 'recorded', tenantId: invoice.tenant_id, invoiceId: invoice.id, householdId: invoice.household_id, status: next.status, amountCents: input.amountCents };
  });
