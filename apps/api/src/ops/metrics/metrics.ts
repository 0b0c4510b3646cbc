import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '@switchyard/db/orm';
import { readMailOutbox, readPausedRoutes, readWebhookQueue } from '@switchyard/db/operations-readings';
import { readScheduledRuns } from '@switchyard/db/transport/live/operations-readings';
import { countEtaAccuracy, type RouteAccuracyCounts } from '@switchyard/db/transport/reporting/eta-accuracy';
import { ACCURATE_WITHIN_MS } from '@switchyard/domain/transport/live/accuracy';
import { silentBusesByTenant } from '@switchyard/domain/transport/live/tracker-silence';
import { cachedCollection } from './cached-collection.ts';

/** Gauges that need a query are read at most this often, whatever the number of scrapers. */
export const QUERY_GAUGE_MAX_AGE_MS = 15_000;

type RequestLabels = { service: string; method: string; route: string; status_class: string };

export type Metrics = {
  registry: Registry;
  observeRequest(labels: RequestLabels, seconds: number): void;
  /** Claims intakes by outcome: `accepted` or the error code. */
  intakes: Counter<'outcome'>;
  /** Claims sign-ins (link requested, link verified) by outcome. */
  signIns: Counter<'step' | 'outcome'>;
  /** Webhook delivery attempts by outcome (delivered, retry, failed) and route. */
  deliveries: Counter<'route' | 'outcome'>;
  /** Webhook deliveries from acceptance to delivered, by route. */
  deliveryLatency: Histogram<'route'>;
};

/** pg's pool counts; the embedded database's owner has no pool (one connection, its own queue). */
/**
 * The accuracy gauges' rows: per route and horizon with at least one arrival judged, from the same
 * counts as the route's published `eta_accuracy`.
 */
const accuracyByHorizon = (counts: readonly RouteAccuracyCounts[]) =>
  counts.flatMap((row) =>
    [
      { horizon_minutes: 10, judged: row.judged_10, within: row.within_10 },
      { horizon_minutes: 5, judged: row.judged_5, within: row.within_5 },
    ]
      .filter((horizon) => horizon.judged > 0)
      .map((horizon) => ({ tenant_id: row.tenant_id, route_id: row.route_id, route_name: row.route_name, ...horizon })),
  );

type PoolCounts = { totalCount: number; idleCount: number; waitingCount: number };
const isPool = (client: unknown): client is PoolCounts =>
  typeof (client as PoolCounts | null)?.totalCount === 'number' && typeof (client as PoolCounts).waitingCount === 'number';

/**
 * One registry per process, served by the ops listener. Request and outcome metrics are counted as
 * they happen; queue depths and ages come from one cached reading of the database.
 */
export const createMetrics = (options: {
  db: Pick<Database, 'em' | 'fork'>;
  now?: () => number;
  maxAgeMs?: number;
  processMetrics?: boolean;
}): Metrics => {
  const { db } = options;
  const now = options.now ?? Date.now;
  const registry = new Registry();
  if (options.processMetrics ?? true) {
    // CPU, memory, handles, GC and event-loop lag (nodejs_eventloop_lag_*).
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  }
  const requestDuration = new Histogram({
    name: 'switchyard_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by service, method, route template and status class.',
    labelNames: ['service', 'method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const reading = cachedCollection(
    async () => {
      // One after the other: a reading holds at most one pool connection, leaving the rest to requests.
      const queue = await readWebhookQueue(db.fork());
      const paused = await readPausedRoutes(db.fork());
      const outbox = await readMailOutbox(db.fork());
      const runs = await readScheduledRuns(db.fork());
      const accuracy = accuracyByHorizon(await countEtaAccuracy(db.fork(), ACCURATE_WITHIN_MS, 'all'));

      return { at: now(), queue, paused, outbox, runs, accuracy };
    },
    { maxAgeMs: options.maxAgeMs ?? QUERY_GAUGE_MAX_AGE_MS, now },
  );
  const ageSeconds = (at: number, oldest: Date | null) => (oldest === null ? 0 : Math.max(0, (at - oldest.getTime()) / 1000));

  new Gauge({
    name: 'switchyard_webhook_queue_depth',
    help: 'Webhook deliveries queued or running, by route and status.',
    labelNames: ['route', 'status'] as const,
    registers: [registry],
    async collect() {
      const { queue } = await reading();
      this.reset();
      queue.forEach((row) => this.set({ route: row.route, status: row.status }, row.depth));
    },
  });
  new Gauge({
    name: 'switchyard_webhook_queue_oldest_age_seconds',
    help: 'Age of the oldest webhook delivery queued or running, by route and status.',
    labelNames: ['route', 'status'] as const,
    registers: [registry],
    async collect() {
      const { at, queue } = await reading();
      this.reset();
      queue.forEach((row) => this.set({ route: row.route, status: row.status }, ageSeconds(at, row.oldest_at)));
    },
  });
  new Gauge({
    name: 'switchyard_webhook_breaker_open',
    help: 'Routes whose breaker has opened (1), paused until resumed.',
    labelNames: ['route'] as const,
    registers: [registry],
    async collect() {
      const { paused } = await reading();
      this.reset();
      paused.forEach((route) => this.set({ route }, 1));
    },
  });
  new Gauge({
    name: 'switchyard_mail_outbox_depth',
    help: 'Mails waiting in the outbox, by source.',
    labelNames: ['source'] as const,
    registers: [registry],
    async collect() {
      const { outbox } = await reading();
      this.reset();
      outbox.forEach((row) => this.set({ source: row.source }, row.depth));
    },
  });
  new Gauge({
    name: 'switchyard_mail_outbox_oldest_age_seconds',
    help: 'Age of the oldest mail waiting in the outbox, by source.',
    labelNames: ['source'] as const,
    registers: [registry],
    async collect() {
      const { at, outbox } = await reading();
      this.reset();
      outbox.forEach((row) => this.set({ source: row.source }, ageSeconds(at, row.oldest_at)));
    },
  });
  new Gauge({
    name: 'switchyard_transport_buses_without_position',
    help: 'Buses on a scheduled run now that have sent no position for 2 minutes, by tenant (tenants with a bus on a run).',
    labelNames: ['tenant'] as const,
    registers: [registry],
    async collect() {
      const { at, runs } = await reading();
      this.reset();
      const silent = silentBusesByTenant(
        runs.map((run) => ({
          tenantId: run.tenant_id,
          timeZone: run.time_zone,
          busId: run.bus_id,
          firstTime: run.first_time,
          lastTime: run.last_time,
          lastPositionAt: run.last_update,
        })),
        new Date(at),
      );
      silent.forEach((count, tenant) => this.set({ tenant }, count));
    },
  });
  new Gauge({
    name: 'switchyard_transport_eta_accuracy_ratio',
    help: 'Share of arrivals within 2 minutes of the estimate made 10 or 5 minutes before, by tenant, route and horizon (the published eta_accuracy).',
    labelNames: ['tenant', 'route', 'route_name', 'horizon_minutes'] as const,
    registers: [registry],
    async collect() {
      const { accuracy } = await reading();
      this.reset();
      accuracy
        .filter((row) => row.judged > 0)
        .forEach((row) =>
          this.set(
            { tenant: row.tenant_id, route: row.route_id, route_name: row.route_name, horizon_minutes: String(row.horizon_minutes) },
            row.within / row.judged,
          ),
        );
    },
  });
  new Gauge({
    name: 'switchyard_transport_eta_judged_arrivals',
    help: 'Arrivals with an estimate kept at the horizon, the count the accuracy share is of.',
    labelNames: ['tenant', 'route', 'route_name', 'horizon_minutes'] as const,
    registers: [registry],
    async collect() {
      const { accuracy } = await reading();
      this.reset();
      accuracy.forEach((row) =>
        this.set(
          { tenant: row.tenant_id, route: row.route_id, route_name: row.route_name, horizon_minutes: String(row.horizon_minutes) },
          row.judged,
        ),
      );
    },
  });
  // The pool's counts cost no query; they are read at each scrape.
  const poolCounts = async (): Promise<PoolCounts | null> => {
    const client: unknown = await db.em.getConnection().getNativeClient();

    return isPool(client) ? client : null;
  };
  new Gauge({
    name: 'switchyard_db_pool_in_use',
    help: 'Database connections of the pool lent out.',
    registers: [registry],
    async collect() {
      const pool = await poolCounts();
      this.set(pool ? pool.totalCount - pool.idleCount : 0);
    },
  });
  new Gauge({
    name: 'switchyard_db_pool_waiting',
    help: 'Callers waiting for a database connection of the pool.',
    registers: [registry],
    async collect() {
      this.set((await poolCounts())?.waitingCount ?? 0);
    },
  });

  return {
    registry,
    observeRequest: (labels, seconds) => requestDuration.observe(labels, seconds),
    intakes: new Counter({
      name: 'switchyard_claims_intakes_total',
      help: 'Claims intakes by outcome.',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    signIns: new Counter({
      name: 'switchyard_claims_sign_ins_total',
      help: 'Client sign-in steps (request, verify) by outcome.',
      labelNames: ['step', 'outcome'] as const,
      registers: [registry],
    }),
    deliveries: new Counter({
      name: 'switchyard_webhook_deliveries_total',
      help: 'Webhook delivery attempts by route and outcome.',
      labelNames: ['route', 'outcome'] as const,
      registers: [registry],
    }),
    deliveryLatency: new Histogram({
      name: 'switchyard_webhook_delivery_latency_seconds',
      help: 'Time from a webhook event accepted to delivered (queue wait, retries and the delivery itself), by route.',
      labelNames: ['route'] as const,
      buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600],
      registers: [registry],
    }),
  };
};
