import type { SqlEntityManager } from '@mikro-orm/sql';
import { billableHouseholdSql } from './billable-households.ts';

/** A bus counts as active when its tracker reported within this window. */
export const ACTIVE_BUS_WINDOW_MINUTES = 15;

export type DashboardStats = { pending_registrations: number; active_buses: number; active_children: number; total_routes: number };

/** Riding children are the active children of approved households (or ones staff entered), as billing counts them. */
export const readDashboardStats = async (em: SqlEntityManager, tenantId: string, now: Date): Promise<DashboardStats> => {
  const since = new Date(now.getTime() - ACTIVE_BUS_WINDOW_MINUTES * 60_000).toISOString();
  const rows = await em.execute<DashboardStats[]>(
    `select
       (select count(*)::int from transport_registration where tenant_id = ? and status = 'pending') as pending_registrations,
       (select count(*)::int from transport_bus where tenant_id = ? and last_update >= ?::timestamptz) as active_buses,
       (select count(*)::int from transport_child c join transport_household h on h.id = c.household_id
         where c.tenant_id = ? and c.active and ${billableHouseholdSql('h')}) as active_children,
       (select count(*)::int from transport_route where tenant_id = ?) as total_routes`,
    [tenantId, tenantId, since, tenantId, tenantId],
  );

  return rows[0] ?? { pending_registrations: 0, active_buses: 0, active_children: 0, total_routes: 0 };
};
