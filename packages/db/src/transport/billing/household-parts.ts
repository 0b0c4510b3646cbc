import type { SqlEntityManager } from '@mikro-orm/sql';
import { db } from '../../kysely.ts';
import {
  ALLOCATION_COLUMNS,
  INVOICE_COLUMNS,
  PAYER_COLUMNS,
  type AllocationRow,
  type ChildRow,
  type InvoiceRow,
  type PayerRow,
} from './rows.ts';
import { tenantChildren } from './children.ts';

/**
 * What hangs off a set of households, one statement per kind for the whole set. The billing REST
 * answers and the GraphQL reports both read through these, so their figures match.
 */

export const listChildrenOfHouseholds = (em: SqlEntityManager, tenantId: string, householdIds: readonly string[]): Promise<ChildRow[]> =>
  tenantChildren(em, tenantId).where('c.household_id', 'in', householdIds).orderBy('c.created_at').orderBy('c.id').execute();

/** Primary payer first, then in the order they were added. */
export const listPayersOfHouseholds = (em: SqlEntityManager, tenantId: string, householdIds: readonly string[]): Promise<PayerRow[]> =>
  db(em)
    .selectFrom('transport_payer as p')
    .select(PAYER_COLUMNS)
    .where('p.tenant_id', '=', tenantId)
    .where('p.household_id', 'in', householdIds)
    .orderBy('p.is_primary', 'desc')
    .orderBy('p.created_at')
    .orderBy('p.id')
    .execute();

export const listAllocationsOfHouseholds = (
  em: SqlEntityManager,
  tenantId: string,
  householdIds: readonly string[],
): Promise<AllocationRow[]> =>
  db(em)
    .selectFrom('transport_billing_allocation as a')
    .select(ALLOCATION_COLUMNS)
    .where('a.tenant_id', '=', tenantId)
    .where('a.household_id', 'in', householdIds)
    .orderBy('a.created_at')
    .orderBy('a.id')
    .execute();

/** Newest first. */
export const listInvoicesOfHouseholds = (em: SqlEntityManager, tenantId: string, householdIds: readonly string[]): Promise<InvoiceRow[]> =>
  db(em)
    .selectFrom('transport_invoice as i')
    .select(INVOICE_COLUMNS)
    .where('i.tenant_id', '=', tenantId)
    .where('i.household_id', 'in', householdIds)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id')
    .execute();
