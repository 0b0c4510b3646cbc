import type { SqlEntityManager } from '@mikro-orm/sql';
import { POSITION_CHANNEL, type PositionMessage } from '../live/positions.ts';

export type BusRow = {
  tenant_id: string;
  id: string;
  lat: number | null;
  lng: number | null;
  heading: number | null;
  speed: number | null;
  last_update: Date | null;
};

export type BusPosition = { lat: number | null; lng: number | null; heading: number | null; speed: number | null };

const COLUMNS = 'tenant_id, id, lat, lng, heading, speed, last_update';

export const listBuses = (em: SqlEntityManager, tenantId: string): Promise<BusRow[]> =>
  em.execute<BusRow[]>(`select ${COLUMNS} from transport_bus where tenant_id = ? order by id`, [tenantId]);

export const findBus = async (em: SqlEntityManager, tenantId: string, id: string): Promise<BusRow | null> => {
  const rows = await em.execute<BusRow[]>(`select ${COLUMNS} from transport_bus where tenant_id = ? and id = ?`, [tenantId, id]);

  return rows[0] ?? null;
};

/**
 * A tracker's report: creates the bus on its first report (trackers register themselves). One
 * statement does all a report needs of the database: the upsert, with `notify` the NOTIFY that
 * carries it to every listening process (sent at commit, as a separate statement would be), and
 * whether the bus drives an active route, the only case in which a report has trip work to do.
 */
export const reportBusLocation = async (
  em: SqlEntityManager,
  tenantId: string,
  id: string,
  position: BusPosition,
  at: Date,
  notify: PositionMessage | null,
): Promise<{ drivesActiveRoute: boolean }> => {
  const rows = await em.execute<{ drives_active_route: boolean }[]>(
    `with saved as (
       insert into transport_bus (tenant_id, id, lat, lng, heading, speed, last_update)
       values (?, ?, ?::double precision, ?::double precision, ?::double precision, ?::double precision, ?::timestamptz)
       on conflict (tenant_id, id) do update set lat = excluded.lat, lng = excluded.lng, heading = excluded.heading,
         speed = excluded.speed, last_update = excluded.last_update
       returning tenant_id, id
     )
     select exists (select 1 from transport_route r where r.tenant_id = saved.tenant_id and r.bus_id = saved.id and r.status = 'active') as drives_active_route${
       notify ? ', pg_notify(?, ?) is null as notified' : ''
     }
     from saved`,
    [tenantId, id, position.lat, position.lng, position.heading, position.speed, at.toISOString(), ...(notify ? [POSITION_CHANNEL, JSON.stringify(notify)] : [])],
  );

  return { drivesActiveRoute: rows[0]?.drives_active_route === true };
};

/**
 * A bus known before any report (import, demo data). `lastUpdate` null keeps an existing bus's
 * report time; an existing bus's position is only overwritten when `replace`.
 */
export const saveBus = async (
  em: SqlEntityManager,
  tenantId: string,
  bus: { id: string } & BusPosition,
  options: { replace: boolean; lastUpdate: Date | null },
): Promise<void> => {
  await em.execute(
    `insert into transport_bus (tenant_id, id, lat, lng, heading, speed, last_update)
     values (?, ?, ?::double precision, ?::double precision, ?::double precision, ?::double precision, ?::timestamptz)
     on conflict (tenant_id, id) do ${
       options.replace
         ? `update set lat = coalesce(excluded.lat, transport_bus.lat), lng = coalesce(excluded.lng, transport_bus.lng),
            heading = coalesce(excluded.heading, transport_bus.heading), speed = coalesce(excluded.speed, transport_bus.speed),
            last_update = coalesce(excluded.last_update, transport_bus.last_update)`
         : 'nothing'
     }`,
    [tenantId, bus.id, bus.lat, bus.lng, bus.heading, bus.speed, options.lastUpdate?.toISOString() ?? null],
  );
};

/** A bus an operator adds; false when the tenant already has a bus of that id (nothing changes). */
export const insertBus = async (em: SqlEntityManager, tenantId: string, bus: { id: string } & BusPosition, lastUpdate: Date | null): Promise<boolean> => {
  const inserted = await em.execute<{ id: string }[]>(
    `insert into transport_bus (tenant_id, id, lat, lng, heading, speed, last_update)
     values (?, ?, ?::double precision, ?::double precision, ?::double precision, ?::double precision, ?::timestamptz)
     on conflict (tenant_id, id) do nothing returning id`,
    [tenantId, bus.id, bus.lat, bus.lng, bus.heading, bus.speed, lastUpdate?.toISOString() ?? null],
  );

  return inserted.length > 0;
};

/** Retires a bus; routes that named it keep the id (see docs/transport.md). */
export const deleteBus = async (em: SqlEntityManager, tenantId: string, id: string): Promise<boolean> => {
  const deleted = await em.execute<{ id: string }[]>('delete from transport_bus where tenant_id = ? and id = ? returning id', [tenantId, id]);

  return deleted.length > 0;
};
