import { afterAll, describe, expect, it } from 'vitest';
import { listStops, runsOfRoutes } from '@switchyard/db/transport/operations/routes';
import { Migration20261127160000TransportRouteRuns } from '@switchyard/db/migrations/Migration20261127160000_transport_route_runs';
import type { Database } from '@switchyard/db/orm';
import { createTestDatabase, type TestDatabase } from '../support/webhooks/test-database.ts';

// Routes stored before runs existed get the one run their times fall in.

let database: TestDatabase | undefined;
let db: Database | undefined;

afterAll(async () => {
  await db?.close();
  await database?.dispose();
});

/** Takes a migrated database back to the schema before the runs migration, as if made by it. */
const toPreviousSchema = async (opened: Database): Promise<void> => {
  const em = opened.fork();
  const migration = new Migration20261127160000TransportRouteRuns(em.getDriver(), em.config);
  await migration.down();
  for (const query of migration.getQueries()) {
    await em.execute(String(query));
  }
  await em.execute("delete from mikro_orm_migrations where name = 'Migration20261127160000_transport_route_runs'");
};

describe('Migration20261127160000_transport_route_runs', () => {
  it("turns each route's one list of times into the run they fall in, stops and riders in order", async () => {
    database = await createTestDatabase();
    const previous = await database.open();
    await toPreviousSchema(previous);
    const em = previous.fork();
    expect(await em.execute("select to_regclass('transport_run_stop') as t")).toEqual([{ t: null }]);
    await em.execute("insert into transport_tenant (id, name) values ('mig', 'Mig')");
    const routes: [string, string][] = [
      ['am', 'morning'],
      ['pm', 'both'],
      ['early', 'both'],
      ['untimed', 'both'],
      ['odd', 'afternoon'],
      ['empty', 'both'],
    ];
    for (const [id, mode] of routes) {
      await em.execute('insert into transport_route (tenant_id, id, name, mode) values (?, ?, ?, ?)', ['mig', id, id.toUpperCase(), mode]);
    }
    const stop = (route: string, position: number, time: string | null, riders: unknown[] = []) =>
      em.execute('insert into transport_route_stop (tenant_id, route_id, position, name, time, riders) values (?, ?, ?, ?, ?, ?::jsonb)', [
        'mig',
        route,
        position,
        `${route}-${position}`,
        time,
        JSON.stringify(riders),
      ]);
    await stop('am', 1, '07:00', ['Ann']);
    await stop('am', 2, '07:10', [{ child_id: 'x', seat: 2 }]);
    await stop('pm', 1, '15:00');
    await stop('pm', 2, null, ['Bo']);
    await stop('pm', 3, '15:30');
    await stop('early', 1, '11:59');
    await stop('early', 2, '12:30');
    await stop('untimed', 1, null);
    await stop('odd', 1, '07:00');
    await previous.close();

    // Opening the database runs the migration, as a deployment would.
    db = await database.open();
    const runs = await runsOfRoutes(
      db.fork(),
      'mig',
      routes.map(([id]) => id),
    );
    const summary = Object.fromEntries(
      [...runs.entries()].map(([id, list]) => [id, list.map((run) => ({ direction: run.direction, stops: run.stops }))]),
    );
    expect(summary).toEqual({
      am: [
        {
          direction: 'morning',
          stops: [
            { position: 1, time: '07:00', riders: ['Ann'] },
            { position: 2, time: '07:10', riders: [{ child_id: 'x', seat: 2 }] },
          ],
        },
      ],
      pm: [
        {
          direction: 'afternoon',
          stops: [
            { position: 1, time: '15:00', riders: [] },
            { position: 2, time: null, riders: ['Bo'] },
            { position: 3, time: '15:30', riders: [] },
          ],
        },
      ],
      early: [
        {
          direction: 'morning',
          stops: [
            { position: 1, time: '11:59', riders: [] },
            { position: 2, time: '12:30', riders: [] },
          ],
        },
      ],
      untimed: [{ direction: 'morning', stops: [{ position: 1, time: null, riders: [] }] }],
      odd: [{ direction: 'afternoon', stops: [{ position: 1, time: '07:00', riders: [] }] }],
    });
    // The spec's stop fields answer as they did.
    expect((await listStops(db.fork(), 'mig', 'pm')).map((row) => [row.time, row.riders])).toEqual([
      ['15:00', []],
      [null, ['Bo']],
      ['15:30', []],
    ]);
  });
});
