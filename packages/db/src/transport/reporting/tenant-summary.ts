import type { SqlEntityManager } from '@mikro-orm/sql';
import { billableHouseholdSql } from '../billing/billable-households.ts';
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
  const rows = await em.execute<(Omit<TenantCounts, 'billable_weekly_total_cents'> & { billable_weekly_total_cents: unknown })[]>(
    `select
       (select count(*)::int from transport_route where tenant_id = ?) as route_count,
       (select count(*)::int from transport_bus where tenant_id = ?) as bus_count,
       (select count(*)::int from transport_bus where tenant_id = ? and last_update >= ?::timestamptz) as reporting_bus_count,
       (select count(*)::int from transport_school where tenant_id = ?) as school_count,
       (select count(*)::int from transport_household where tenant_id = ?) as household_count,
       (select count(*)::int from transport_child where tenant_id = ?) as child_count,
       (select count(*)::int from transport_child where tenant_id = ? and active) as active_child_count,
       (select coalesce(sum(c.rate_weekly_cents), 0)::bigint from transport_child c
        where c.tenant_id = ? and c.active
          and exists (select 1 from transport_household h where h.id = c.household_id and ${billableHouseholdSql('h')})
       ) as billable_weekly_total_cents`,
    [tenantId, tenantId, tenantId, reportingSince.toISOString(), tenantId, tenantId, tenantId, tenantId, tenantId],
  );
  const row = rows[0];

  return {
    route_count: row?.route_count ?? 0,
    bus_count: row?.bus_count ?? 0,
    reporting_bus_count: row?.reporting_bus_count ?? 0,
    school_count: row?.school_count ?? 0,
    household_count: row?.household_count ?? 0,
    child_count: row?.child_count ?? 0,
    active_child_count: row?.active_child_count ?? 0,
    billable_weekly_total_cents: toNumber(row?.billable_weekly_total_cents),
  };
};

export type StatusCountRow = { status: string; count: number };

/** Routes per status; statuses without routes are absent. */
export const readRouteStatusCounts = (em: SqlEntityManager, tenantId: string): Promise<StatusCountRow[]> =>
  em.execute<StatusCountRow[]>('select status, count(*)::int as count from transport_route where tenant_id = ? group by status', [tenantId]);

/** Households per registration status; a household without a registration row is in no group. */
export const readRegistrationStatusCounts = (em: SqlEntityManager, tenantId: string): Promise<StatusCountRow[]> =>
  em.execute<StatusCountRow[]>(
    `select r.status, count(distinct r.household_id)::int as count
     from transport_registration r join transport_household h on h.id = r.household_id and h.tenant_id = r.tenant_id
     where r.tenant_id = ? group by r.status`,
    [tenantId],
  );
