import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Database } from '@switchyard/db/orm';
import { listenToPositions, type PositionListener } from '@switchyard/db/transport/live/position-listener';
import type { PositionMessage } from '@switchyard/db/transport/live/positions';
import { reportBusLocation } from '@switchyard/db/transport/operations/buses';
import type { Logger } from '../../logger.ts';

/** What a viewer's stream hears: a position, or that positions may have been missed (read the table). */
export type FeedEvent = { kind: 'position'; position: PositionMessage } | { kind: 'resync' };
export type FeedListener = (event: FeedEvent) => void;

/**
 * Bus positions from `PUT /api/buses/{bus_id}/location` to every open stream of the tenant. Two
 * implementations, chosen at start by the database: on PostgreSQL each API process keeps one
 * LISTEN connection and a report is a NOTIFY, so streams on every process sharing the database hear
 * it; on the embedded database the one owner process hands it to its streams directly. Either way
 * the position itself is in `transport_bus`, and a message carries tenant, bus and position.
 */
export type PositionFeed = {
  /**
   * Stores a tracker's report in `transport_bus` and tells every stream of the tenant (PostgreSQL:
   * the NOTIFY is part of the same statement, delivered at commit). Answers whether the bus drives
   * an active route, read by the same statement, so a report of a bus without one needs no other.
   */
  store(em: SqlEntityManager, position: PositionMessage): Promise<{ drivesActiveRoute: boolean }>;
  /** Hears every position of one tenant; answers the unsubscribe. */
  subscribe(tenantId: string, listener: FeedListener): () => void;
  /** How many streams listen in this process (the benchmark and the log read it). */
  listeners(): number;
  close(): Promise<void>;
};

/** Listeners per tenant, and the hand-out every implementation shares. */
const createFanOut = (logger: Logger) => {
  const byTenant = new Map<string, Set<FeedListener>>();
  const deliver = (tenantId: string, event: FeedEvent) => {
    for (const listener of byTenant.get(tenantId) ?? []) {
      try {
        listener(event);
      } catch (error) {
        logger.error({ err: error }, 'live position listener failed');
      }
    }
  };

  return {
    subscribe: (tenantId: string, listener: FeedListener) => {
      const set = byTenant.get(tenantId) ?? new Set<FeedListener>();
      byTenant.set(tenantId, set);
      set.add(listener);

      return () => {
        set.delete(listener);
        if (set.size === 0) {
          byTenant.delete(tenantId);
        }
      };
    },
    position: (position: PositionMessage) => deliver(position.tenant_id, { kind: 'position', position }),
    resyncAll: () => {
      for (const tenantId of byTenant.keys()) {
        deliver(tenantId, { kind: 'resync' });
      }
    },
    count: () => [...byTenant.values()].reduce((sum, set) => sum + set.size, 0),
  };
};

/** The embedded database has one owner process: its streams are all here. */
export const createInProcessFeed = (logger: Logger): PositionFeed => {
  const fanOut = createFanOut(logger);

  return {
    store: async (em, position) => {
      const stored = await reportBusLocation(em, position.tenant_id, position.bus_id, position, new Date(position.at_ms), null);
      // After the answer's own work, like a NOTIFY delivered at commit.
      queueMicrotask(() => fanOut.position(position));

      return stored;
    },
    subscribe: fanOut.subscribe,
    listeners: fanOut.count,
    close: async () => undefined,
  };
};

/** PostgreSQL: a NOTIFY with each stored position, one LISTEN connection per process. */
export const createNotifyFeed = async (databaseUrl: string, logger: Logger): Promise<PositionFeed> => {
  const fanOut = createFanOut(logger);
  const listener: PositionListener = await listenToPositions({
    databaseUrl,
    onMessage: fanOut.position,
    // Notifications sent while the connection was down are lost: every stream reads the table again.
    onResume: () => {
      logger.info('live position listener connected again');
      fanOut.resyncAll();
    },
    onProblem: (error) => logger.warn({ err: error }, 'live position listener problem'),
  });

  return {
    store: (em, position) => reportBusLocation(em, position.tenant_id, position.bus_id, position, new Date(position.at_ms), position),
    subscribe: fanOut.subscribe,
    listeners: fanOut.count,
    close: () => listener.close(),
  };
};

export const createPositionFeed = (db: Database, logger: Logger): Promise<PositionFeed> =>
  db.kind === 'postgresql' && db.serverUrl ? createNotifyFeed(db.serverUrl, logger) : Promise.resolve(createInProcessFeed(logger));
