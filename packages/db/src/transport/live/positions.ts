import type { SqlEntityManager } from '@mikro-orm/sql';
import { db } from '../../kysely.ts';

/** The PostgreSQL channel every API process listens on for bus positions (see position-listener.ts). */
export const POSITION_CHANNEL = 'transport_bus_position';

/** A bus's position as it travels between processes: the row's values, the time as epoch milliseconds. */
export type PositionMessage = {
  tenant_id: string;
  bus_id: string;
  lat: number;
  lng: number;
  heading: number | null;
  speed: number | null;
  at_ms: number;
};

type PositionRow = {
  tenant_id: string;
  id: string;
  lat: number;
  lng: number;
  heading: number | null;
  speed: number | null;
  last_update: Date;
};

const toMessage = (row: PositionRow): PositionMessage => ({
  tenant_id: row.tenant_id,
  bus_id: row.id,
  lat: row.lat,
  lng: row.lng,
  heading: row.heading,
  speed: row.speed,
  at_ms: new Date(row.last_update).getTime(),
});

/**
 * The latest position of the tenant's buses (those of `busIds` when given) that have one, reported
 * after `newerThan` when given; oldest first, so a stream's last event carries the newest time.
 */
export const latestPositions = async (
  em: SqlEntityManager,
  tenantId: string,
  options: { busIds?: readonly string[]; newerThan?: Date | null } = {},
): Promise<PositionMessage[]> => {
  if (options.busIds && options.busIds.length === 0) {
    return [];
  }
  const { busIds, newerThan } = options;
  const rows = await db(em)
    .selectFrom('transport_bus')
    .select(['tenant_id', 'id', 'lat', 'lng', 'heading', 'speed', 'last_update'])
    .where('tenant_id', '=', tenantId)
    .where('lat', 'is not', null)
    .where('lng', 'is not', null)
    .where('last_update', 'is not', null)
    .$if(busIds !== undefined, (query) => query.where('id', 'in', busIds ?? []))
    .$if(Boolean(newerThan), (query) => query.where('last_update', '>', newerThan ?? new Date(0)))
    .orderBy('last_update')
    .orderBy('id')
    // The filters above leave no null position or time; double precision is answered as numbers.
    .$narrowType<{ lat: number; lng: number; heading: number | null; speed: number | null; last_update: Date }>()
    .execute();

  return rows.map(toMessage);
};
