import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../apps/api/src/logger.ts';
import { createMetrics } from '../../apps/api/src/ops/metrics/metrics.ts';
import { startOpsListener } from '../../apps/api/src/ops/metrics/ops-listener.ts';
import type { Database } from '../../packages/db/src/orm.ts';
import { createTestDatabase, type TestDatabase } from '../support/webhooks/test-database.ts';

const valueOf = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));

  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

/**
 * The transport gauges over a fleet written straight to the tables: which buses are on a scheduled
 * run without a position, and how the kept estimates compared with the arrivals.
 */
describe('transport metrics on the ops listener', () => {
  let database: TestDatabase;
  let db: Database;
  let ops: Awaited<ReturnType<typeof startOpsListener>>;
  // 13:30 UTC on the metrics' clock: 08:30 in New York.
  const now = new Date('2026-11-27T13:30:00Z');

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await database.open();
    const em = db.fork();
    const at = (minutesBefore: number) => new Date(now.getTime() - minutesBefore * 60_000).toISOString();
    await em.execute(
      `insert into transport_tenant (id, name, time_zone) values ('east', 'East', 'America/New_York'), ('west', 'West', 'America/Los_Angeles')`,
    );
    await em.execute(
      `insert into transport_bus (tenant_id, id, last_update) values
         ('east', 'silent-bus', null), ('east', 'stale-bus', ?), ('east', 'fresh-bus', ?), ('east', 'spare-bus', null), ('west', 'early-bus', null)`,
      [at(3), at(1)],
    );
    await em.execute(
      `insert into transport_route (tenant_id, id, name, bus_id, mode, status) values
         ('east', 'r-silent', 'North loop', 'silent-bus', 'morning', 'active'),
         ('east', 'r-stale', 'South loop', 'stale-bus', 'morning', 'active'),
         ('east', 'r-fresh', 'East loop', 'fresh-bus', 'morning', 'active'),
         ('east', 'r-draft', 'Draft loop', 'spare-bus', 'morning', 'draft'),
         ('west', 'r-west', 'West loop', 'early-bus', 'morning', 'active')`,
    );
    // East runs 08:00-09:00 local (on a run now); the draft route's run does not count; West's 05:30 is 08:00-09:00 in New York, not yet in Los Angeles.
    for (const route of ['r-silent', 'r-stale', 'r-fresh', 'r-draft']) {
      await em.execute(
        `insert into transport_run_stop (tenant_id, route_id, direction, sequence, stop_position, time) values ('east', ?, 'morning', 1, 1, '08:00'), ('east', ?, 'morning', 2, 2, '09:00')`,
        [route, route],
      );
    }
    await em.execute(
      `insert into transport_run_stop (tenant_id, route_id, direction, sequence, stop_position, time) values ('west', 'r-west', 'morning', 1, 1, '07:00'), ('west', 'r-west', 'morning', 2, 2, '08:00')`,
    );
    // Yesterday's arrivals on North loop: at 10 minutes, one estimate within 2 minutes and one 3 minutes off; at 5 minutes, one within.
    await em.execute(
      `insert into transport_stop_arrival (tenant_id, route_id, trip_date, direction, stop_position, bus_id, arrived_at) values
         ('east', 'r-silent', '2026-11-26', 'morning', 1, 'silent-bus', '2026-11-26T13:00:00Z'),
         ('east', 'r-silent', '2026-11-26', 'morning', 2, 'silent-bus', '2026-11-26T14:00:00Z')`,
    );
    await em.execute(
      `insert into transport_eta_snapshot (tenant_id, route_id, trip_date, direction, stop_position, horizon_minutes, eta, made_at) values
         ('east', 'r-silent', '2026-11-26', 'morning', 1, 10, '2026-11-26T13:01:30Z', '2026-11-26T12:51:00Z'),
         ('east', 'r-silent', '2026-11-26', 'morning', 2, 10, '2026-11-26T14:03:00Z', '2026-11-26T13:53:00Z'),
         ('east', 'r-silent', '2026-11-26', 'morning', 2, 5, '2026-11-26T13:58:00Z', '2026-11-26T13:55:00Z')`,
    );
    const metrics = createMetrics({ db, now: () => now.getTime(), processMetrics: false });
    ops = await startOpsListener({ host: '127.0.0.1', port: 0, metrics, logger: createLogger({ level: 'silent' }) });
  });
  afterAll(async () => {
    await ops?.close();
    await db?.close();
    await database?.dispose();
  });

  it('counts per tenant the buses on a scheduled run without a position for 2 minutes, and the estimate accuracy per route', async () => {
    const text = await (await fetch(`${ops.url}/metrics`)).text();
    // No position ever, and one 3 minutes old; the bus heard a minute ago is not silent.
    expect(valueOf(text, 'switchyard_transport_buses_without_position{tenant="east"}')).toBe(2);
    // West's run has not begun on its own clocks: not named.
    expect(text).not.toContain('switchyard_transport_buses_without_position{tenant="west"}');

    const series = (name: string, horizon: number) =>
      `${name}{tenant="east",route="r-silent",route_name="North loop",horizon_minutes="${horizon}"}`;
    expect(valueOf(text, series('switchyard_transport_eta_accuracy_ratio', 10))).toBe(0.5);
    expect(valueOf(text, series('switchyard_transport_eta_judged_arrivals', 10))).toBe(2);
    expect(valueOf(text, series('switchyard_transport_eta_accuracy_ratio', 5))).toBe(1);
    expect(valueOf(text, series('switchyard_transport_eta_judged_arrivals', 5))).toBe(1);
    // A route without kept estimates has no share to show.
    expect(text).not.toContain('route="r-fresh"');
  });
});
