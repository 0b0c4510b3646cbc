import { randomUUID } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { DomainError } from '@switchyard/domain/errors';
import { applyCredit, assertRefundable, type CreditKind } from '@switchyard/domain/transport/billing/household-credit';
import { db } from '../../kysely.ts';
import { INVOICE_TABLE_COLUMNS, type InvoiceRow } from './rows.ts';

export type CreditEntry = {
  householdId: string;
  tenantId: string;
  amountCents: number;
  kind: CreditKind;
  invoiceId: string | null;
  paymentId: string | null;
  note: string | null;
  at: Date;
  recordedBy: string;
};

/** One row of the household's credit ledger (positive adds credit, negative uses it). */
export const addCreditEntry = async (em: SqlEntityManager, entry: CreditEntry): Promise<string> => {
  const id = randomUUID();
  await db(em)
    .insertInto('transport_household_credit')
    .values({
      id,
      tenant_id: entry.tenantId,
      household_id: entry.householdId,
      amount_cents: entry.amountCents,
      kind: entry.kind,
      invoice_id: entry.invoiceId,
      payment_id: entry.paymentId,
      note: entry.note,
      occurred_at: entry.at,
      recorded_by: entry.recordedBy,
    })
    .execute();

  return id;
};

/** The household's credit balance in cents: the sum of its ledger. */
export const householdCreditCents = async (em: SqlEntityManager, tenantId: string, householdId: string): Promise<number> => {
  const row = await db(em)
    .selectFrom('transport_household_credit')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_cents'), eb.lit(0)).as('cents'))
    .where('tenant_id', '=', tenantId)
    .where('household_id', '=', householdId)
    .executeTakeFirst();

  return Number(row?.cents ?? 0);
};

/** Locks the tenant's household row, so credit is read and used by one writer at a time; 404 when not the tenant's. */
const lockHousehold = async (tx: SqlEntityManager, tenantId: string, householdId: string): Promise<void> => {
  const row = await db(tx)
    .selectFrom('transport_household')
    .select('id')
    .where('id', '=', householdId)
    .where('tenant_id', '=', tenantId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) {
    throw new DomainError('not_found', 'Household not found');
  }
};

/**
 * Applies the household's credit to an invoice just made (in the caller's transaction): the
 * invoice takes what it owes of it, counted as paid and kept as `credit_applied_cents`, and the
 * ledger says so. Answers the invoice as it now is.
 */
export const applyHouseholdCredit = async (
  tx: SqlEntityManager,
  invoice: InvoiceRow & { tenant_id?: string },
  tenantId: string,
  at: Date,
): Promise<InvoiceRow> => {
  await lockHousehold(tx, tenantId, invoice.household_id);
  const credit = await householdCreditCents(tx, tenantId, invoice.household_id);
  const { appliedCents } = applyCredit(credit, { amountCents: invoice.amount_cents, amountPaidCents: invoice.amount_paid_cents });
  if (appliedCents === 0) {
    return invoice;
  }
  const updated = await db(tx)
    .updateTable('transport_invoice')
    .set((eb) => ({
      amount_paid_cents: eb('amount_paid_cents', '+', appliedCents),
      credit_applied_cents: eb('credit_applied_cents', '+', appliedCents),
    }))
    .where('id', '=', invoice.id)
    .returning(INVOICE_TABLE_COLUMNS)
    .executeTakeFirstOrThrow();
  await addCreditEntry(tx, {
    tenantId,
    householdId: invoice.household_id,
    amountCents: -appliedCents,
    kind: 'applied',
    invoiceId: invoice.id,
    paymentId: null,
    note: null,
    at,
    recordedBy: 'billing',
  });

  return updated;
};

/**
 * Pays back household credit (a refund): at most the credit there is (409 otherwise), the
 * household locked so two refunds cannot together pay back more. Answers the credit before and after.
 */
export const recordCreditRefund = (
  em: SqlEntityManager,
  input: { tenantId: string; householdId: string; amountCents: number; note: string; at: Date; refundedAt: Date; recordedBy: string },
): Promise<{ entryId: string; beforeCents: number; afterCents: number }> =>
  em.fork().transactional(async (tx) => {
    await lockHousehold(tx, input.tenantId, input.householdId);
    const before = await householdCreditCents(tx, input.tenantId, input.householdId);
    assertRefundable(before, input.amountCents);
    const entryId = await addCreditEntry(tx, {
      tenantId: input.tenantId,
      householdId: input.householdId,
      amountCents: -input.amountCents,
      kind: 'refund',
      invoiceId: null,
      paymentId: null,
      note: input.note,
      at: input.refundedAt,
      recordedBy: input.recordedBy,
    });

    return { entryId, beforeCents: before, afterCents: before - input.amountCents };
  });

export type CreditEntryRow = {
  id: string;
  amount_cents: number;
  kind: CreditKind;
  invoice_id: string | null;
  payment_id: string | null;
  note: string | null;
  occurred_at: unknown;
  recorded_by: string;
  created_at: unknown;
};

/** The household's ledger, oldest first. */
export const listCreditEntries = (em: SqlEntityManager, tenantId: string, householdId: string): Promise<CreditEntryRow[]> =>
  db(em)
    .selectFrom('transport_household_credit')
    .select(['id', 'amount_cents', 'kind', 'invoice_id', 'payment_id', 'note', 'occurred_at', 'recorded_by', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .where('household_id', '=', householdId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** The credit of each household of the tenant given as a list; zero for one without. */
export const creditsOfHouseholds = async (
  em: SqlEntityManager,
  tenantId: string,
  householdIds: readonly string[],
): Promise<Map<string, number>> => {
  if (householdIds.length === 0) {
    return new Map();
  }
  const rows = await db(em)
    .selectFrom('transport_household_credit')
    .select((eb) => ['household_id', eb.fn.sum<string>('amount_cents').as('cents')])
    .where('tenant_id', '=', tenantId)
    .where('household_id', 'in', householdIds)
    .groupBy('household_id')
    .execute();

  return new Map(rows.map((row) => [row.household_id, Number(row.cents)]));
};

/** Households of the tenant holding credit, largest first. */
export const tenantCredits = async (
  em: SqlEntityManager,
  tenantId: string,
): Promise<{ household_id: string; household_name: string; credit_cents: number }[]> => {
  const rows = await db(em)
    .selectFrom('transport_household_credit as c')
    .innerJoin('transport_household as h', 'h.id', 'c.household_id')
    .select((eb) => ['c.household_id', 'h.name as household_name', eb.fn.sum<string>('c.amount_cents').as('cents')])
    .where('c.tenant_id', '=', tenantId)
    .groupBy(['c.household_id', 'h.name'])
    .having((eb) => eb.fn.sum('c.amount_cents'), '>', 0)
    .orderBy((eb) => eb.fn.sum('c.amount_cents'), 'desc')
    .orderBy('h.name')
    .execute();

  return rows.map((row) => ({ household_id: row.household_id, household_name: row.household_name, credit_cents: Number(row.cents) }));
};
