import type { SqlEntityManager } from '@mikro-orm/sql';
import type { RouteMode } from '@switchyard/domain/transport/operations/schemas';

const list = (ids: readonly string[]) => ids.map(() => '?').join(', ');

/** The children of the tenant among these ids, with their names (active or not: a stop may keep a child for next term). */
export const childrenOfTenant = async (em: SqlEntityManager, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> => {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await em.execute<{ id: string; name: string }[]>(`select id, name from transport_child where tenant_id = ? and lower(id) in (${list(ids)})`, [tenantId, ...ids]);

  return new Map(rows.map((row) => [row.id.toLowerCase(), row.name]));
};

export type RiddenStop = { child_id: string; route_id: string; route_name: string; mode: RouteMode; position: number };

/**
 * The stops of the tenant's routes these children ride (a rider entry that is the child's id or
 * an object whose `child_id` is), leaving out one route when given (the one being saved).
 */
export const stopsRiddenBy = async (em: SqlEntityManager, tenantId: string, childIds: readonly string[], exceptRouteId: string | null = null): Promise<RiddenStop[]> => {
  if (childIds.length === 0) {
    return [];
  }
  const rows = await em.execute<RiddenStop[]>(
    `select distinct x.child_id, s.route_id, rt.name as route_name, rt.mode, s.position
     from transport_route_stop s
     join transport_route rt on rt.tenant_id = s.tenant_id and rt.id = s.route_id
     cross join lateral (
       select lower(case jsonb_typeof(r.value) when 'object' then r.value->>'child_id' when 'string' then r.value #>> '{}' end) as child_id
       from jsonb_array_elements(s.riders) r(value)
     ) x
     where s.tenant_id = ? and (?::text is null or s.route_id <> ?::text) and x.child_id in (${list(childIds)})
     order by s.route_id, s.position`,
    [tenantId, exceptRouteId, exceptRouteId, ...childIds.map((id) => id.toLowerCase())],
  );

  return rows;
};

export type FamilyChild = { child_id: string; child_name: string; household_id: string };

/** The children of the households this account registered that the operator approved. */
export const childrenOfFamily = (em: SqlEntityManager, tenantId: string, userId: string): Promise<FamilyChild[]> =>
  em.execute<FamilyChild[]>(
    `select lower(c.id) as child_id, c.name as child_name, c.household_id
     from transport_child c
     join transport_household h on h.tenant_id = c.tenant_id and h.id = c.household_id
     join transport_registration g on g.tenant_id = h.tenant_id and g.id = h.id
     where c.tenant_id = ? and h.submitted_by_user_id = ? and g.status = 'approved' and c.active
     order by c.name, c.id`,
    [tenantId, userId],
  );

/** Who to tell about a stop: the payers with an email of the riders' households, once each. */
export const familyEmailsOfChildren = async (em: SqlEntityManager, tenantId: string, childIds: readonly string[]): Promise<{ email: string; name: string; household_id: string }[]> => {
  if (childIds.length === 0) {
    return [];
  }

  return em.execute(
    `select distinct on (lower(p.email)) p.email, p.name, p.household_id
     from transport_payer p join transport_child c on c.tenant_id = p.tenant_id and c.household_id = p.household_id
     where p.tenant_id = ? and p.email is not null and p.email <> '' and lower(c.id) in (${list(childIds)})
     order by lower(p.email), p.is_primary desc, p.household_id`,
    [tenantId, ...childIds.map((id) => id.toLowerCase())],
  );
};
