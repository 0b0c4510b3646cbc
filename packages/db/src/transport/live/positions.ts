import type { SqlEntityManager } from '@mikro-orm/sql';

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

type PositionRow = { tenant_id: string; id: string; lat: number; lng: number; heading: number | null; speed: number | null; last_update: Date };

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
  const params: unknown[] = [tenantId];
  let filter = '';
  if (options.busIds) {
    filter += ` and id in (${options.busIds.map(() => '?').join(', ')})`;
    params.push(...options.busIds);
  }
  if (options.newerThan) {
    filter += ' and last_update > ?::timestamptz';
    params.push(options.newerThan.toISOString());
  }
  const rows = await em.execute<PositionRow[]>(
    `select tenant_id, id, lat, lng, heading, speed, last_update from transport_bus
     where tenant_id = ? and lat is not null and lng is not null and last_update is not null${filter}
     order by last_update, id`,
    params,
  );

  return rows.map(toMessage);
};
