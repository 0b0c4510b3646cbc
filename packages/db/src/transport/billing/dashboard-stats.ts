import type { SqlEntityManager } from '@mikro-orm/sql';
import { db } from '../../kysely.ts';
import { unbillableHouseholdIds } from './billable-households.ts';

/** A bus counts as active when its tracker reported within this window. */
export const ACTIVE_BUS_WINDOW_MINUTES = 15;

export type DashboardStats = { pending_registrations: number; active_buses: number; active_children: number; total_routes: number };

/** Riding children are the active children of approved households (or ones staff entered), as billing counts them. */
export const readDashboardStats = async (em: SqlEntityManager, tenantId: string, now: Date): Promise<DashboardStats> => {
  const since = new Date(now.getTime() - ACTIVE_BUS_WINDOW_MINUTES * 60_000);
  const row = await db(em)
    .selectNoFrom((eb) => [
      eb
        .selectFrom('transport_registration')
        .select(eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('status', '=', 'pending')
        .$castTo<number>()
        .as('pending_registrations'),
      eb
        .selectFrom('transport_bus')
        .select(eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('last_update', '>=', since)
        .$castTo<number>()
        .as('active_buses'),
      eb
        .selectFrom('transport_child as c')
        .innerJoin('transport_household as h', 'h.id', 'c.household_id')
        .select(eb.fn.countAll<number>().as('n'))
        .where('c.tenant_id', '=', tenantId)
        .where('c.active', '=', true)
        .where('h.id', 'not in', unbillableHouseholdIds(db(em)))
        .$castTo<number>()
        .as('active_children'),
      eb
        .selectFrom('transport_route')
        .select(eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .$castTo<number>()
        .as('total_routes'),
    ])
    .executeTakeFirst();

  // count(*) is a bigint, which the driver answers as text.
  return row
    ? {
        pending_registrations: Number(row.pending_registrations),
        active_buses: Number(row.active_buses),
        active_children: Number(row.active_children),
        total_routes: Number(row.total_routes),
      }
    : { pending_registrations: 0, active_buses: 0, active_children: 0, total_routes: 0 };
};
