import type { SqlEntityManager } from '@mikro-orm/sql';
import { db } from '../../kysely.ts';
import { listInvoicesOfHouseholds } from './household-parts.ts';
import type { InvoiceRow } from './rows.ts';

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

/** Every invoice of these households, newest first. */
export const listHouseholdInvoices = async (
  em: SqlEntityManager,
  tenantId: string,
  householdIds: readonly string[],
): Promise<InvoiceRow[]> => {
  if (householdIds.length === 0) {
    return [];
  }

  return listInvoicesOfHouseholds(em, tenantId, householdIds);
};
