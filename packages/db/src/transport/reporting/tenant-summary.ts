import type { SqlEntityManager } from '@mikro-orm/sql';
import type { RegistrationStatus } from '@switchyard/domain/transport/billing/schemas';
import type { RouteStatus } from '@switchyard/domain/transport/operations/schemas';
import { db } from '../../kysely.ts';
import { unbillableHouseholdIds } from '../billing/billable-households.ts';
import { toNumber } from './keyset.ts';

export type TenantCounts = {
  route_count: number;
  bus_count: number;
  reporting_bus_count: number;
  school_count: number;
  household_count: number;
  child_count: number;
  active_child_count: number;
  billable_weekly_total_cents: number;
};

/**
 * The tenant's head counts in one statement. A bus is reporting when its tracker reported at or
 * after `reportingSince`. The billable weekly total is what a billing run shares out: the weekly
 * rates of active children in billable households (billable.ts).
 */
export const readTenantCounts = async (em: SqlEntityManager, tenantId: string, reportingSince: Date): Promise<TenantCounts> => {
  const row = await db(em)
    .selectNoFrom((eb) => [
      eb.selectFrom('transport_route').select(eb.fn.countAll().as('n')).where('tenant_id', '=', tenantId).as('route_count'),
      eb.selectFrom('transport_bus').select(eb.fn.countAll().as('n')).where('tenant_id', '=', tenantId).as('bus_count'),
      eb
        .selectFrom('transport_bus')
        .select(eb.fn.countAll().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('last_update', '>=', reportingSince)
        .as('reporting_bus_count'),
      eb.selectFrom('transport_school').select(eb.fn.countAll().as('n')).where('tenant_id', '=', tenantId).as('school_count'),
      eb.selectFrom('transport_household').select(eb.fn.countAll().as('n')).where('tenant_id', '=', tenantId).as('household_count'),
      eb.selectFrom('transport_child').select(eb.fn.countAll().as('n')).where('tenant_id', '=', tenantId).as('child_count'),
      eb
        .selectFrom('transport_child')
        .select(eb.fn.countAll().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('active', '=', true)
        .as('active_child_count'),
      eb
        .selectFrom('transport_child as c')
        .select((inner) => inner.fn.coalesce(inner.fn.sum('c.rate_weekly_cents'), inner.lit(0)).as('n'))
        .where('c.tenant_id', '=', tenantId)
        .where('c.active', '=', true)
        .where('c.household_id', 'not in', unbillableHouseholdIds(db(em)))
        .as('billable_weekly_total_cents'),
    ])
    .executeTakeFirst();

  return {
    route_count: toNumber(row?.route_count),
    bus_count: toNumber(row?.bus_count),
    reporting_bus_count: toNumber(row?.reporting_bus_count),
    school_count: toNumber(row?.school_count),
    household_count: toNumber(row?.household_count),
    child_count: toNumber(row?.child_count),
    active_child_count: toNumber(row?.active_child_count),
    billable_weekly_total_cents: toNumber(row?.billable_weekly_total_cents),
  };
};

export type StatusCountRow<Status extends string = string> = { status: Status; count: number };

/** Routes per status; statuses without routes are absent. */
export const readRouteStatusCounts = async (em: SqlEntityManager, tenantId: string): Promise<StatusCountRow<RouteStatus>[]> => {
  const rows = await db(em)
    .selectFrom('transport_route')
    .select((eb) => ['status', eb.fn.countAll().as('count')])
    .where('tenant_id', '=', tenantId)
    .groupBy('status')
    .execute();

  return rows.map((row) => ({ status: row.status, count: toNumber(row.count) }));
};

/** Households per registration status; a household without a registration row is in no group. */
export const readRegistrationStatusCounts = async (
  em: SqlEntityManager,
  tenantId: string,
): Promise<StatusCountRow<RegistrationStatus>[]> => {
  const rows = await db(em)
    .selectFrom('transport_registration as r')
    .innerJoin('transport_household as h', (join) => join.onRef('h.id', '=', 'r.household_id').onRef('h.tenant_id', '=', 'r.tenant_id'))
    .select((eb) => ['r.status', eb.fn.count('r.household_id').distinct().as('count')])
    .where('r.tenant_id', '=', tenantId)
    .groupBy('r.status')
    .execute();

  return rows.map((row) => ({ status: row.status, count: toNumber(row.count) }));
};
