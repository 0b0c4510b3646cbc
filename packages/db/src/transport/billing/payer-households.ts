import type { SqlEntityManager } from '@mikro-orm/sql';
import { db } from '../../kysely.ts';
import { outstandingCents } from '@switchyard/domain/transport/billing/outstanding';
import { INVOICE_COLUMNS, presentInvoice, type InvoiceRow } from './rows.ts';

/** The tenant's households whose registration this account submitted, newest first. */
export const householdIdsSubmittedBy = async (em: SqlEntityManager, tenantId: string, userId: string): Promise<string[]> => {
  const rows = await db(em)
    .selectFrom('transport_household')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('submitted_by_user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();

  return rows.map((row) => row.id);
};

/** Every invoice of these households, newest first, each with what is still owed on it. */
export const listHouseholdInvoices = async (em: SqlEntityManager, tenantId: string, householdIds: readonly string[]) => {
  if (householdIds.length === 0) {
    return [];
  }
  const rows: InvoiceRow[] = await db(em)
    .selectFrom('transport_invoice as i')
    .select(INVOICE_COLUMNS)
    .where('i.tenant_id', '=', tenantId)
    .where('i.household_id', 'in', householdIds)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id')
    .execute();

  return rows.map((row) => ({
    ...presentInvoice(row),
    outstanding: outstandingCents({ status: row.status, amountCents: row.amount_cents, amountPaidCents: row.amount_paid_cents }) / 100,
  }));
};
