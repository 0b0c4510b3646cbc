import type { SqlEntityManager } from '@mikro-orm/sql';
import { outstandingCents } from '@switchyard/domain/transport/billing/outstanding';
import { INVOICE_COLUMNS, presentInvoice, type InvoiceRow } from './rows.ts';

/** The tenant's households whose registration this account submitted, newest first. */
export const householdIdsSubmittedBy = async (em: SqlEntityManager, tenantId: string, userId: string): Promise<string[]> => {
  const rows = await em.execute<{ id: string }[]>(
    `select h.id from transport_household h
     where h.tenant_id = ? and h.submitted_by_user_id = ?
     order by h.created_at desc, h.id`,
    [tenantId, userId],
  );

  return rows.map((row) => row.id);
};

/** Every invoice of these households, newest first, each with what is still owed on it. */
export const listHouseholdInvoices = async (em: SqlEntityManager, tenantId: string, householdIds: readonly string[]) => {
  if (householdIds.length === 0) {
    return [];
  }
  const rows = await em.execute<InvoiceRow[]>(
    `select ${INVOICE_COLUMNS} from transport_invoice i
     where i.tenant_id = ? and i.household_id in (${householdIds.map(() => '?').join(', ')})
     order by i.created_at desc, i.id`,
    [tenantId, ...householdIds],
  );

  return rows.map((row) => ({
    ...presentInvoice(row),
    outstanding: outstandingCents({ status: row.status, amountCents: row.amount_cents, amountPaidCents: row.amount_paid_cents }) / 100,
  }));
};
