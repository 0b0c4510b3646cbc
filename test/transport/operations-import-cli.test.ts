import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/webhooks/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/webhooks/test-database.ts';
import type { Database } from '../../packages/db/src/orm.ts';

let database: TestDatabase;
let dir: string;

type Em = ReturnType<Database['fork']>;

/** The CLI and the test take turns on the database: an embedded PGlite folder admits one process at a time. */
const withDb = async <T>(use: (em: Em) => Promise<T>): Promise<T> => {
  const db = await database.open();
  try {
    return await use(db.fork());
  } finally {
    await db.close();
  }
};

const query = <T>(sql: string, params: unknown[] = []): Promise<T[]> => withDb((em) => em.execute<T[]>(sql, params));

const countsIn = async (em: Em, tenantId: string) => {
  const [row] = await em.execute<{ schools: number; buses: number; routes: number; stops: number }[]>(
    `select (select count(*)::int from transport_school where tenant_id = ?) as schools,
            (select count(*)::int from transport_bus where tenant_id = ?) as buses,
            (select count(*)::int from transport_route where tenant_id = ?) as routes,
            (select count(*)::int from transport_route_stop where tenant_id = ?) as stops`,
    [tenantId, tenantId, tenantId, tenantId],
  );

  return row;
};

const counts = (tenantId: string) => withDb((em) => countsIn(em, tenantId));

const writeJson = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));

  return path;
};

const importFile = (slug: string, path: string) => runCli(['tenant', 'import', slug, path], { ...database.env });

const GOOD = {
  schools: [
    { id: 'acme-high', name: 'Acme High', address: '9 Main St', start_time: '07:45', end_time: '15:00' },
    { name: 'Bay Middle School' },
  ],
  buses: [{ id: 'A-1', lat: 32.01, lng: -81.02 }, { id: 'A-2' }],
  routes: [
    {
      name: 'North Loop',
      bus_id: 'A-1',
      driver: 'Sam',
      mode: 'morning',
      stops: [
        { name: 'First', lat: 32, lng: -81, time: '07:00', riders: ['Kai'] },
        { name: 'Acme High', address: '9 Main St' },
      ],
    },
    { id: 'evening', name: 'Evening Run', mode: 'afternoon', status: 'draft', miles: 4.5 },
  ],
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'switchyard-import-'));
  database = await createTestDatabase();
  await query("insert into transport_tenant (id, name) values ('acme', 'Acme')");
});
afterAll(async () => {
  await database?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

// Each case starts the CLI as a process up to four times, a few seconds each on a shared machine
// (source through tsx, database through the embedded owner), so a case gets more than the default 30 s.
describe('switchyard tenant import', { timeout: 120_000 }, () => {
  it('imports schools, buses and routes with ordered stops into the tenant', async () => {
    const result = await importFile('acme', writeJson('good.json', GOOD));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe('Imported into acme: 2 schools, 2 buses, 2 routes (2 stops)');
    await withDb(async (em) => {
      expect(await countsIn(em, 'acme')).toEqual({ schools: 2, buses: 2, routes: 2, stops: 2 });
      expect(await countsIn(em, 'demo')).toEqual({ schools: 0, buses: 0, routes: 0, stops: 0 });
      const routes = await em.execute("select id, mode, status, stops, bus_id from transport_route where tenant_id = 'acme' order by id");
      expect(routes).toEqual([
        { id: 'evening', mode: 'afternoon', status: 'draft', stops: 0, bus_id: null },
        { id: 'north-loop', mode: 'morning', status: 'active', stops: 2, bus_id: 'A-1' },
      ]);
      const stops = await em.execute(
        "select position, name, riders from transport_route_stop where route_id = 'north-loop' order by position",
      );
      expect(stops).toEqual([
        { position: 1, name: 'First', riders: ['Kai'] },
        { position: 2, name: 'Acme High', riders: [] },
      ]);
      const schools = await em.execute<{ id: string }[]>("select id from transport_school where tenant_id = 'acme' order by id");
      expect(schools.map((row) => row.id)).toEqual(['acme-high', 'bay-middle-school']);
    });
  });

  it('replaces rows with the same ids on a second import and keeps the rest', async () => {
    const second = {
      routes: [{ id: 'north-loop', name: 'North Loop v2', stops: [{ name: 'Only' }] }],
      buses: [{ id: 'A-2', lat: 33, lng: -80 }],
    };
    const result = await importFile('acme', writeJson('second.json', second));
    expect(result.code).toBe(0);
    await withDb(async (em) => {
      expect(await countsIn(em, 'acme')).toEqual({ schools: 2, buses: 2, routes: 2, stops: 1 });
      const [route] = await em.execute("select name, stops, mode from transport_route where tenant_id = 'acme' and id = 'north-loop'");
      expect(route).toEqual({ name: 'North Loop v2', stops: 1, mode: 'both' });
      const [bus] = await em.execute("select lat, last_update from transport_bus where tenant_id = 'acme' and id = 'A-2'");
      expect(bus).toEqual({ lat: 33, last_update: null });
    });
  });

  it('refuses bad files with one error line and changes nothing', async () => {
    const before = await counts('acme');
    const cases: [string, unknown, RegExp][] = [
      ['not-json.json', '{"schools": [', /^error: .*not-json\.json is not valid JSON: /],
      ['unknown.json', { schools: [], trains: [] }, /^error: .*unknown\.json: unknown field\(s\): trains$/],
      [
        'bad-lat.json',
        { routes: [{ name: 'R', stops: [{ name: 'S', lat: 95, lng: 0 }] }] },
        /^error: .*bad-lat\.json: routes\.0\.stops\.0\.lat: /,
      ],
      [
        'dupes.json',
        { schools: [{ name: 'Same' }, { name: 'same' }] },
        /^error: .*dupes\.json: schools\.1\.id: the id "same" appears twice in schools/,
      ],
      ['wrong-type.json', { buses: 'A-1' }, /^error: .*wrong-type\.json: buses: /],
      ['array.json', [], /^error: .*array\.json: /],
    ];
    // Files are checked before the database is opened, so these may run side by side.
    const results = await Promise.all(cases.map(([name, content]) => importFile('acme', writeJson(name, content))));
    for (const [index, [name, , pattern]] of cases.entries()) {
      const result = results[index] ?? { code: null, stdout: '', stderr: '' };
      expect(result.code, name).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr.trim().split('\n'), name).toHaveLength(1);
      expect(result.stderr.trim(), name).toMatch(pattern);
    }
    const missing = await importFile('acme', join(dir, 'absent.json'));
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toMatch(/^error: cannot read .*absent\.json: no such file$/);
    expect(await counts('acme')).toEqual(before);
  });

  it('refuses an unknown tenant', async () => {
    const result = await importFile('nosuch', writeJson('for-nosuch.json', GOOD));
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'error: tenant "nosuch" not found (create it first with: switchyard tenant add nosuch --name <name>)',
    );
    expect(await counts('nosuch')).toEqual({ schools: 0, buses: 0, routes: 0, stops: 0 });
  });

  it('writes all or nothing: a row the database refuses rolls back the whole file', async () => {
    // A constraint only this test adds makes the database refuse the file's last row.
    const before = await withDb(async (em) => {
      await em.execute("alter table transport_route add constraint test_refuse_doomed check (name <> 'Doomed')");

      return countsIn(em, 'acme');
    });
    const file = {
      schools: [{ id: 'rollback-school', name: 'Rollback School' }],
      buses: [{ id: 'rollback-bus' }],
      routes: [{ id: 'rollback-route', name: 'Rollback', stops: [{ name: 'S', lat: 32, lng: -81 }] }, { name: 'Doomed' }],
    };
    const result = await importFile('acme', writeJson('rollback.json', file));
    const after = await withDb(async (em) => {
      await em.execute('alter table transport_route drop constraint test_refuse_doomed');

      return countsIn(em, 'acme');
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr.trim()).toMatch(/^error: the database refused the import, nothing was written: .*test_refuse_doomed/);
    expect(after).toEqual(before);
  });

  it('holds riders to the route rules: an unknown child is refused by id and nothing is written', async () => {
    const before = await counts('acme');
    const stranger = '11111111-2222-4333-8444-555555555555';
    const file = {
      schools: [],
      buses: [],
      routes: [{ id: 'kids-route', name: 'Kids', stops: [{ name: 'A', riders: ['Free text rider', stranger] }] }],
    };
    const result = await importFile('acme', writeJson('riders.json', file));
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `error: the import was refused, nothing was written: Rider ${stranger} is not a child of this tenant.`,
    );
    expect(await counts('acme')).toEqual(before);
  });
  it('holds riders to the runs they ride and the schools the route serves: no override in a file, nothing written', async () => {
    const householdId = '21111111-2222-4333-8444-555555555555';
    const mornings = '31111111-2222-4333-8444-555555555555';
    await query('insert into transport_household (id, tenant_id, name) values (?, ?, ?)', [householdId, 'acme', 'Mo family']);
    await query(
      "insert into transport_child (id, tenant_id, household_id, name, transport_need, trip_type, rate_weekly_cents, school_id) values (?, 'acme', ?, 'Mo', 'morning', 'one_way', 9000, 'acme-high')",
      [mornings, householdId],
    );
    const before = await counts('acme');
    const route = (riders: { morning: string[]; afternoon: string[] }, school = 'Acme High') => ({
      id: 'mo-route',
      name: 'Mo Route',
      mode: 'both',
      stops: [{ name: 'Corner' }, { name: school }],
      runs: {
        morning: {
          stops: [
            { stop: 1, time: '07:00', riders: riders.morning },
            { stop: 2, time: '07:30' },
          ],
        },
        afternoon: {
          stops: [
            { stop: 2, time: '15:00' },
            { stop: 1, time: '15:20', riders: riders.afternoon },
          ],
        },
      },
    });
    const wrongRun = await importFile(
      'acme',
      writeJson('wrong-run.json', { schools: [], buses: [], routes: [route({ morning: [], afternoon: [mornings] })] }),
    );
    expect(wrongRun.code).toBe(1);
    expect(wrongRun.stderr.trim()).toBe(
      `error: the import was refused, nothing was written: Mo (${mornings}) rides mornings only but is placed on stop 1 of the afternoon run. A file cannot override; place them through PUT /api/routes/{route_id} with an override.`,
    );
    const otherSchool = await importFile(
      'acme',
      writeJson('other-school.json', {
        schools: [],
        buses: [],
        routes: [route({ morning: [mornings], afternoon: [] }, 'Bay Middle School')],
      }),
    );
    expect(otherSchool.code).toBe(1);
    expect(otherSchool.stderr).toContain(
      `Mo (${mornings}) attends Acme High, which this route does not serve (it serves Bay Middle School).`,
    );
    const withOverride = await importFile(
      'acme',
      writeJson('override.json', {
        schools: [],
        buses: [],
        routes: [{ ...route({ morning: [], afternoon: [mornings] }), override: { reason: 'x' } }],
      }),
    );
    expect(withOverride.code).toBe(1);
    expect(withOverride.stderr).toContain('override');
    expect(await counts('acme')).toEqual(before);
    const fits = await importFile(
      'acme',
      writeJson('fits.json', { schools: [], buses: [], routes: [route({ morning: [mornings], afternoon: [] })] }),
    );
    expect(fits.code, fits.stderr).toBe(0);
  });
});
