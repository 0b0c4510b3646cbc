import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/webhooks/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/webhooks/test-database.ts';
import { startService, type ServiceProcess } from '../support/embedded/service-process.ts';

// The embedded database's single owner only exists without DATABASE_URL.
const onServer = process.env.DATABASE_URL !== undefined;

let database: TestDatabase;
let service: ServiceProcess | undefined;
let dir: string;

const cli = (args: string[]) => runCli(args, { ...database.env });

const owner = () =>
  JSON.parse(readFileSync(join(database.env.DATA_DIR, 'pg.owner'), 'utf8')) as { pid: number; role: string; host: string; port: number };

const login = async (url: string, email: string, password: string) => {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

  return {
    status: response.status,
    body: (await response.json()) as { access_token?: string; user?: { role: string; tenant_id: string | null } },
  };
};

/** What the CLI wrote, as the running service answers it over HTTP. */
const visibleOverHttp = async (url: string) => {
  const theme = await fetch(`${url}/api/theme/northside`);
  const operator = await login(url, 'ops@northside.test', 'northside-secret');
  const schools = await fetch(`${url}/api/public/schools?tenant=northside`);

  return {
    theme: theme.status,
    operator: operator.status === 200 ? operator.body.user : operator.status,
    schools:
      schools.status === 200
        ? ((await schools.json()) as { schools: { name: string }[] }).schools.map((school) => school.name).sort()
        : schools.status,
  };
};

beforeAll(async () => {
  if (onServer) {
    return;
  }
  dir = mkdtempSync(join(tmpdir(), 'switchyard-embedded-cli-'));
  database = await createTestDatabase();
  service = await startService(database.env);
}, 120_000);

afterAll(async () => {
  await service?.kill();
  await database?.dispose();
  if (dir) {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe.skipIf(onServer)('CLI commands beside a running service on the embedded database', () => {
  it('tenant add, user add and tenant import go through the service: visible over HTTP at once and after a restart', async () => {
    expect(owner()).toMatchObject({ pid: service?.pid, role: 'service', host: database.env.DATA_DIR, port: 5432 });

    const added = await cli(['tenant', 'add', 'northside', '--name', 'Northside Transit', '--theme', '{"primary_color":"#0a7d4f"}']);
    expect(added.stderr).toBe('');
    expect(added.stdout.trim()).toBe('Added tenant northside: Northside Transit (starter)');
    const user = await cli([
      'user',
      'add',
      '--email',
      'ops@northside.test',
      '--password',
      'northside-secret',
      '--role',
      'operator',
      '--tenant',
      'northside',
    ]);
    expect(user.code, user.stderr).toBe(0);
    const file = join(dir, 'northside.json');
    writeFileSync(
      file,
      JSON.stringify({ schools: [{ name: 'Hill School' }, { name: 'Creek Academy' }], buses: [{ id: 'N-1' }], routes: [] }),
    );
    const imported = await cli(['tenant', 'import', 'northside', file]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout.trim()).toBe('Imported into northside: 2 schools, 1 buses, 0 routes (0 stops)');

    const url = service?.transportUrl ?? '';
    const expected = { theme: 200, operator: { role: 'operator', tenant_id: 'northside' }, schools: ['Creek Academy', 'Hill School'] };
    expect(await visibleOverHttp(url)).toMatchObject(expected);
    // The commands were clients: the service still owns the files.
    expect(owner().pid).toBe(service?.pid);

    expect(await service?.stop()).toBe(0);
    expect(existsSync(join(database.env.DATA_DIR, 'pg.owner'))).toBe(false);
    service = await startService(database.env);
    expect(await visibleOverHttp(service.transportUrl)).toMatchObject(expected);
  }, 240_000);

  it('a command the database refuses says so in one line and leaves the service answering', async () => {
    const again = await cli(['tenant', 'add', 'northside', '--name', 'Again']);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe('error: tenant "northside" already exists');
    const missing = await cli(['tenant', 'import', 'nowhere', join(dir, 'northside.json')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('tenant "nowhere" not found');
    expect((await fetch(`${service?.transportUrl ?? ''}/api/theme/northside`)).status).toBe(200);
  }, 120_000);
});
