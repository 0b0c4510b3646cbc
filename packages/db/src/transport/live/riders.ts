import type { SqlEntityManager } from '@mikro-orm/sql';
import type { TransportNeed } from '@switchyard/domain/transport/billing/rates';
import type { TripDirection } from '@switchyard/domain/transport/live/trip';
import { sql } from 'kysely';
import { db } from '../../kysely.ts';

/** The children of the tenant among these ids, with their names (active or not: a stop may keep a child for next term). */
export const childrenOfTenant = async (em: SqlEntityManager, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> => {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await db(em)
    .selectFrom('transport_child')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb(eb.fn<string>('lower', ['id']), 'in', ids))
    .execute();

  return new Map(rows.map((row) => [row.id.toLowerCase(), row.name]));
};

export type RiddenStop = { child_id: string; route_id: string; route_name: string; direction: TripDirection; position: number };

/**
 * The run stops of the tenant's routes these children ride (a rider entry that is the child's id
 * or an object whose `child_id` is), leaving out one route when given (the one being saved).
 */
export const stopsRiddenBy = async (
  em: SqlEntityManager,
  tenantId: string,
  childIds: readonly string[],
  exceptRouteId: string | null = null,
): Promise<RiddenStop[]> => {
  if (childIds.length === 0) {
    return [];
  }
  // A rider entry is the child's id or an object whose `child_id` is. Raw: the builder has no
  // words for jsonb_typeof and the jsonb text operators.
  const childId = sql<string>`lower(case jsonb_typeof(r.value) when 'object' then r.value->>'child_id' when 'string' then r.value #>> '{}' end)`;
  const rows = await db(em)
    .selectFrom('transport_run_stop as s')
    .innerJoin('transport_route as rt', (join) => join.onRef('rt.tenant_id', '=', 's.tenant_id').onRef('rt.id', '=', 's.route_id'))
    .crossJoin(sql<{ value: unknown }>`jsonb_array_elements(s.riders)`.as('r'))
    .select([childId.as('child_id'), 's.route_id', 'rt.name as route_name', 's.direction', 's.stop_position as position'])
    .distinct()
    .$narrowType<{ direction: TripDirection }>()
    .where('s.tenant_id', '=', tenantId)
    .$if(exceptRouteId !== null, (query) => query.where('s.route_id', '<>', exceptRouteId ?? ''))
    .where(
      childId,
      'in',
      childIds.map((id) => id.toLowerCase()),
    )
    .orderBy('s.route_id')
    .orderBy('s.direction', 'desc')
    .orderBy('s.stop_position')
    .execute();

  return rows;
};

export type FamilyChild = { child_id: string; child_name: string; household_id: string };

/** The children of the households this account registered that the operator approved. */
export const childrenOfFamily = (em: SqlEntityManager, tenantId: string, userId: string): Promise<FamilyChild[]> =>
  db(em)
    .selectFrom('transport_child as c')
    .innerJoin('transport_household as h', (join) => join.onRef('h.tenant_id', '=', 'c.tenant_id').onRef('h.id', '=', 'c.household_id'))
    .innerJoin('transport_registration as g', (join) => join.onRef('g.tenant_id', '=', 'h.tenant_id').onRef('g.id', '=', 'h.id'))
    .select((eb) => [eb.fn<string>('lower', ['c.id']).as('child_id'), 'c.name as child_name', 'c.household_id'])
    .where('c.tenant_id', '=', tenantId)
    .where('h.submitted_by_user_id', '=', userId)
    .where('g.status', '=', 'approved')
    .where('c.active', '=', true)
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();

/** Who to tell about a stop: the payers with an email of the riders' households, once each. */
export const familyEmailsOfChildren = async (
  em: SqlEntityManager,
  tenantId: string,
  childIds: readonly string[],
): Promise<{ email: string; name: string; household_id: string }[]> => {
  if (childIds.length === 0) {
    return [];
  }

  return db(em)
    .selectFrom('transport_payer as p')
    .innerJoin('transport_child as c', (join) =>
      join.onRef('c.tenant_id', '=', 'p.tenant_id').onRef('c.household_id', '=', 'p.household_id'),
    )
    .distinctOn((eb) => eb.fn('lower', ['p.email']))
    .select(['p.email', 'p.name', 'p.household_id'])
    .where('p.tenant_id', '=', tenantId)
    .where('p.email', 'is not', null)
    .where('p.email', '<>', '')
    .where(
      (eb) => eb.fn('lower', ['c.id']),
      'in',
      childIds.map((id) => id.toLowerCase()),
    )
    .orderBy((eb) => eb.fn('lower', ['p.email']))
    .orderBy('p.is_primary', 'desc')
    .orderBy('p.household_id')
    .$narrowType<{ email: string }>()
    .execute();
};

export type FitChildRow = { id: string; name: string; transportNeed: TransportNeed; schoolId: string | null; school: string | null };

const fitChildren = (em: SqlEntityManager, tenantId: string) =>
  db(em)
    .selectFrom('transport_child')
    .select((eb) => [eb.fn<string>('lower', ['id']).as('id'), 'name', 'transport_need as transportNeed', 'school_id as schoolId', 'school'])
    .where('tenant_id', '=', tenantId);

/** The children of the tenant among these ids with what their fit to a run depends on: transport need and school. */
export const fitChildrenOfTenant = async (em: SqlEntityManager, tenantId: string, ids: readonly string[]): Promise<FitChildRow[]> =>
  ids.length === 0
    ? []
    : fitChildren(em, tenantId)
        .where((eb) => eb(eb.fn<string>('lower', ['id']), 'in', ids))
        .orderBy('name')
        .orderBy('id')
        .execute();

/** The tenant's active children whose `school_id` or school name names one of these schools. */
export const activeChildrenOfSchools = async (
  em: SqlEntityManager,
  tenantId: string,
  schools: readonly { id: string; name: string }[],
): Promise<FitChildRow[]> =>
  schools.length === 0
    ? []
    : fitChildren(em, tenantId)
        .where('active', '=', true)
        .where((eb) =>
          eb.or([
            eb(
              'school_id',
              'in',
              schools.map((school) => school.id),
            ),
            eb(
              sql<string>`lower(regexp_replace(btrim(school), '[[:space:]]+', ' ', 'g'))`,
              'in',
              schools.map((school) => school.name.trim().toLowerCase().replace(/\s+/g, ' ')),
            ),
          ]),
        )
        .orderBy('name')
        .orderBy('id')
        .execute();
