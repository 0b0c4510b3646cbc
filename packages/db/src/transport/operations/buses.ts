import type { SqlEntityManager } from '@mikro-orm/sql';
import { db } from '../../kysely.ts';
import { POSITION_CHANNEL, type PositionMessage } from '../live/positions.ts';
import { Bus } from './entities.ts';

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

const COLUMNS = ['tenant_id', 'id', 'lat', 'lng', 'heading', 'speed', 'last_update'] as const;

/** Double precision columns, which the driver answers as numbers. */
type Position = { lat: number | null; lng: number | null; heading: number | null; speed: number | null };

/** A tenant's buses as `BusRow`s. */
export const selectBuses = (em: SqlEntityManager, tenantId: string) =>
  db(em).selectFrom('transport_bus').select(COLUMNS).$narrowType<Position>().where('tenant_id', '=', tenantId);

export const listBuses = (em: SqlEntityManager, tenantId: string): Promise<BusRow[]> => selectBuses(em, tenantId).orderBy('id').execute();

export const findBus = async (em: SqlEntityManager, tenantId: string, id: string): Promise<BusRow | null> =>
  (await selectBuses(em, tenantId).where('id', '=', id).executeTakeFirst()) ?? null;

const busValues = (tenantId: string, bus: { id: string } & BusPosition, lastUpdate: Date | null) => ({
  tenant_id: tenantId,
  id: bus.id,
  lat: bus.lat,
  lng: bus.lng,
  heading: bus.heading,
  speed: bus.speed,
  last_update: lastUpdate,
});

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
  const row = await db(em)
    .with('saved', (query) =>
      query
        .insertInto('transport_bus')
        .values(busValues(tenantId, { id, ...position }, at))
        .onConflict((conflict) =>
          conflict.columns(['tenant_id', 'id']).doUpdateSet((update) => ({
            lat: update.ref('excluded.lat'),
            lng: update.ref('excluded.lng'),
            heading: update.ref('excluded.heading'),
            speed: update.ref('excluded.speed'),
            last_update: update.ref('excluded.last_update'),
          })),
        )
        .returning(['tenant_id', 'id']),
    )
    .selectFrom('saved')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('transport_route as r')
            .select(eb.lit(1).as('one'))
            .whereRef('r.tenant_id', '=', 'saved.tenant_id')
            .whereRef('r.bus_id', '=', 'saved.id')
            .where('r.status', '=', 'active'),
        )
        .as('drives_active_route'),
    )
    .$if(notify !== null, (query) =>
      query.select((eb) => eb.fn('pg_notify', [eb.val(POSITION_CHANNEL), eb.val(JSON.stringify(notify))]).as('notified')),
    )
    .executeTakeFirst();

  return { drivesActiveRoute: row?.drives_active_route === true };
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
  await db(em)
    .insertInto('transport_bus')
    .values(busValues(tenantId, bus, options.lastUpdate))
    .onConflict((conflict) => {
      const target = conflict.columns(['tenant_id', 'id']);

      return options.replace
        ? target.doUpdateSet((update) => ({
            lat: update.fn.coalesce('excluded.lat', 'transport_bus.lat'),
            lng: update.fn.coalesce('excluded.lng', 'transport_bus.lng'),
            heading: update.fn.coalesce('excluded.heading', 'transport_bus.heading'),
            speed: update.fn.coalesce('excluded.speed', 'transport_bus.speed'),
            last_update: update.fn.coalesce('excluded.last_update', 'transport_bus.last_update'),
          }))
        : target.doNothing();
    })
    .execute();
};

/** A bus an operator adds; false when the tenant already has a bus of that id (nothing changes). */
export const insertBus = async (
  em: SqlEntityManager,
  tenantId: string,
  bus: { id: string } & BusPosition,
  lastUpdate: Date | null,
): Promise<boolean> => {
  const inserted = await db(em)
    .insertInto('transport_bus')
    .values(busValues(tenantId, bus, lastUpdate))
    .onConflict((conflict) => conflict.columns(['tenant_id', 'id']).doNothing())
    .returning('id')
    .execute();

  return inserted.length > 0;
};

/** Retires a bus; routes that named it keep the id (see docs/transport.md). */
export const deleteBus = async (em: SqlEntityManager, tenantId: string, id: string): Promise<boolean> =>
  (await em.nativeDelete(Bus, { tenantId, id })) > 0;
