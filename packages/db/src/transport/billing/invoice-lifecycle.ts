import { randomUUID } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { DomainError } from '@switchyard/domain/errors';
import { applyPayment, applyProviderPayment, assertVoidable, type PaymentMethod } from '@switchyard/domain/transport/billing/invoice-lifecycle';
import { OUTSTANDING_STATUSES } from '@switchyard/domain/transport/billing/outstanding';
import { INVOICE_COLUMNS, isoTimestamp, presentInvoice, type InvoiceRow } from './rows.ts';

type PaymentRow = {
  id: string;
  amount_cents: number;
  method: string;
  reference: string | null;
  provider: string | null;
  paid_at: unknown;
  recorded_by: string;
  created_at: unknown;
};

const presentPayment = (row: PaymentRow) => ({
  id: row.id,
  amount: row.amount_cents / 100,
  method: row.method,
  reference: row.reference,
  provider: row.provider,
  paid_at: isoTimestamp(row.paid_at),
  recorded_by: row.recorded_by,
  created_at: isoTimestamp(row.created_at),
});

type LockedInvoice = InvoiceRow & { void_reason: string | null };

/** The tenant's invoices, newest first; `outstanding` stands for every owed status. */
export const listTenantInvoices = async (em: SqlEntityManager, tenantId: string, filter: { status?: string | undefined; householdId?: string | undefined }) => {
  const where = ['i.tenant_id = ?'];
  const params: unknown[] = [tenantId];
  if (filter.status === 'outstanding') {
    where.push(`i.status in (${OUTSTANDING_STATUSES.map(() => '?').join(', ')})`);
    params.push(...OUTSTANDING_STATUSES);
  } else if (filter.status) {
    where.push('i.status = ?');
    params.push(filter.status);
  }
  if (filter.householdId) {
    where.push('i.household_id = ?');
    params.push(filter.householdId);
  }
  const rows = await em.execute<InvoiceRow[]>(`select ${INVOICE_COLUMNS} from transport_invoice i where ${where.join(' and ')} order by i.created_at desc, i.id desc`, params);

  return rows.map(presentInvoice);
};

const lockInvoice = async (tx: SqlEntityManager, tenantId: string, invoiceId: string): Promise<LockedInvoice> => {
  const rows = await tx.execute<LockedInvoice[]>(`select ${INVOICE_COLUMNS}, i.void_reason from transport_invoice i where i.id = ? and i.tenant_id = ? for update`, [invoiceId, tenantId]);
  const row = rows[0];
  if (!row) {
    throw new DomainError('not_found', 'Invoice not found');
  }

  return row;
};

/** One invoice of the tenant with its payments, oldest payment first; null when not the tenant's. */
export const readInvoiceDetail = async (em: SqlEntityManager, tenantId: string, invoiceId: string) => {
  const rows = await em.execute<LockedInvoice[]>(`select ${INVOICE_COLUMNS}, i.void_reason from transport_invoice i where i.id = ? and i.tenant_id = ?`, [invoiceId, tenantId]);
  const row = rows[0];
  if (!row) {
    return null;
  }
  const payments = await em.execute<PaymentRow[]>(
    'select id, amount_cents, method, reference, provider, paid_at, recorded_by, created_at from transport_payment where invoice_id = ? order by paid_at, created_at, id',
    [invoiceId],
  );

  return { ...presentInvoice(row), void_reason: row.void_reason, payments: payments.map(presentPayment) };
};
export type InvoiceDetail = NonNullable<Awaited<ReturnType<typeof readInvoiceDetail>>>;

/** The invoice's state for the domain's rules, or 404 when it is not the tenant's. */
export const invoiceState = async (em: SqlEntityManager, tenantId: string, invoiceId: string) => {
  const rows = await em.execute<InvoiceRow[]>(`select ${INVOICE_COLUMNS} from transport_invoice i where i.id = ? and i.tenant_id = ?`, [invoiceId, tenantId]);
  const row = rows[0];
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
    await tx.execute(
      `insert into transport_payment (id, tenant_id, invoice_id, amount_cents, method, reference, paid_at, recorded_by)
       values (?, ?, ?, ?, ?, ?, ?::timestamptz, ?)`,
      [paymentId, input.tenantId, input.invoiceId, input.amountCents, input.method, input.reference, input.paidAt.toISOString(), input.recordedBy],
    );
    await tx.execute('update transport_invoice set status = ?, amount_paid_cents = ? where id = ?', [next.status, next.amountPaidCents, input.invoiceId]);

    return { paymentId, before: invoice.status, after: next.status };
  });

/** Voids a payment-less invoice with its reason; the invoice row is locked against a payment at the same moment. */
export const voidTenantInvoice = (em: SqlEntityManager, input: { tenantId: string; invoiceId: string; reason: string; at: Date }): Promise<{ before: string }> =>
  em.fork().transactional(async (tx) => {
    const invoice = await lockInvoice(tx, input.tenantId, input.invoiceId);
    assertVoidable({ status: invoice.status, amountCents: invoice.amount_cents, amountPaidCents: invoice.amount_paid_cents });
    await tx.execute("update transport_invoice set status = 'void', void_reason = ?, voided_at = ?::timestamptz where id = ?", [input.reason, input.at.toISOString(), input.invoiceId]);

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
    const found = await tx.execute<LockedInvoice[]>(
      `select ${INVOICE_COLUMNS}, i.void_reason, i.tenant_id from transport_invoice i
       where (i.id = ? or (i.provider = ? and i.provider_ref = ?)) order by i.created_at limit 1 for update`,
      [input.invoiceId ?? '', input.provider, input.providerRef ?? ''],
    );
    const invoice = found[0] as (LockedInvoice & { tenant_id: string }) | undefined;
    if (!invoice) {
      return { outcome: 'unknown_invoice' };
    }
    const seen = await tx.execute<{ id: string }[]>('select id from transport_payment where provider = ? and provider_payment_id = ?', [input.provider, input.providerPaymentId]);
    if (seen.length > 0) {
      return { outcome: 'duplicate' };
    }
    const next = applyProviderPayment({ status: invoice.status, amountCents: invoice.amount_cents, amountPaidCents: invoice.amount_paid_cents }, input.amountCents);
    if (!next) {
      return { outcome: 'settled' };
    }
    await tx.execute(
      `insert into transport_payment (id, tenant_id, invoice_id, amount_cents, method, reference, provider, provider_payment_id, paid_at, recorded_by)
       values (?, ?, ?, ?, 'card', ?, ?, ?, ?::timestamptz, ?)`,
      [randomUUID(), invoice.tenant_id, invoice.id, input.amountCents, input.providerPaymentId, input.provider, input.providerPaymentId, input.at.toISOString(), `provider:${input.provider}`],
    );
    await tx.execute('update transport_invoice set status = ?, amount_paid_cents = ? where id = ?', [next.status, next.amountPaidCents, invoice.id]);

    return { outcome: 'recorded', tenantId: invoice.tenant_id, invoiceId: invoice.id, householdId: invoice.household_id, status: next.status, amountCents: input.amountCents };
  });
