import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../apps/api/src/env.ts';
import { createLogger } from '../../apps/api/src/logger.ts';
import { startTransportService } from '../../apps/api/src/transport/service.ts';
import { createTestDatabase, type TestDatabase } from '../support/webhooks/test-database.ts';
import { runCli } from '../support/webhooks/run-cli.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.dispose());

const cli = (args: string[]) => runCli(args, { ...database.env });

/** The service on the database the CLI wrote to (PGlite allows one process at a time, so after the CLI). */
const withService = async <T>(run: (url: string) => Promise<T>): Promise<T> => {
  const db = await database.open();
  const server = await startTransportService({
    env: parseEnv({ NODE_ENV: 'test', HOST: '127.0.0.1', TRANSPORT_PORT: '0', ...database.env }),
    db,
    logger: createLogger({ level: 'silent', destination: { write: () => undefined } }),
  });
  try {
    return await run(server.url);
  } finally {
    await server.close();
    await db.close();
  }
};

const login = async (url: string, email: string, password: string) => {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

  return { status: response.status, body: (await response.json()) as any };
};

describe('switchyard tenant add / user add', () => {
  it('print help for both commands', async () => {
    const [tenant, user] = await Promise.all([cli(['tenant', 'add', '--help']), cli(['user', 'add', '--help'])]);
    expect(tenant.stdout).toContain('Usage: switchyard tenant add');
    expect(tenant.stdout).toContain('--theme <json>');
    expect(user.stdout).toContain('--role <role>');
  });

  it('add a tenant and users usable for sign-in, and refuse duplicates and bad values with one error line', async () => {
    const tenant = await cli([
      'tenant',
      'add',
      'acme',
      '--name',
      'Acme Buses',
      '--tier',
      'enterprise',
      '--domain',
      'Buses.Acme.test',
      '--theme',
      '{"primary_color":"#123456"}',
    ]);
    expect(tenant.code, tenant.stderr).toBe(0);
    expect(tenant.stdout).toContain('Added tenant acme: Acme Buses (enterprise) at buses.acme.test');
    const admin = await cli(['user', 'add', '--email', 'Root@Platform.test', '--password', 'root-secret', '--role', 'platform_admin']);
    expect(admin.code, admin.stderr).toBe(0);
    expect(admin.stdout).not.toContain('root-secret');
    const operator = await cli([
      'user',
      'add',
      '--email',
      'op@acme.test',
      '--password',
      'op-secret',
      '--role',
      'operator',
      '--tenant',
      'acme',
    ]);
    expect(operator.code, operator.stderr).toBe(0);
    expect(operator.stdout).toContain('operator of acme');

    // Refusals that need the database run one at a time (PGlite has one owner at a time).
    const databaseRefusals: [string[], string][] = [
      [['tenant', 'add', 'acme', '--name', 'Again'], 'tenant "acme" already exists'],
      [
        ['user', 'add', '--email', 'x@acme.test', '--password', 'whatever', '--role', 'operator', '--tenant', 'nowhere'],
        'no tenant "nowhere"',
      ],
    ];
    for (const [args, message] of databaseRefusals) {
      const result = await cli(args);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr, args.join(' ')).toContain(message);
    }
    const inputRefusals: [string[], string][] = [
      [['tenant', 'add', 'Bad Slug', '--name', 'X'], 'slug'],
      [['tenant', 'add', 'gold', '--name', 'X', '--tier', 'gold'], 'tier must be one of starter, standard, enterprise'],
      [['tenant', 'add', 'themed', '--name', 'X', '--theme', '[1,2]'], 'theme must be a JSON object'],
      [['tenant', 'add', 'hosted', '--name', 'X', '--domain', 'not a host'], 'domain must be a host name'],
      [['tenant', 'add', 'nameless'], "required option '--name <name>'"],
      [['user', 'add', '--email', 'x@acme.test', '--password', 'whatever', '--role', 'root'], 'role must be one of'],
      [['user', 'add', '--email', 'x@acme.test', '--password', '123', '--role', 'parent'], 'at least 6 characters'],
      // Without a tenant such an account would belong to no tenant at all.
      [
        ['user', 'add', '--email', 'x@acme.test', '--password', 'whatever', '--role', 'operator'],
        '--tenant is required for the role operator',
      ],
      [['user', 'add', '--email', 'x@acme.test', '--password', 'whatever', '--role', 'parent'], '--tenant is required for the role parent'],
    ];
    const results = await Promise.all(inputRefusals.map(([args]) => cli(args)));
    results.forEach((result, index) => {
      const [args, message] = inputRefusals[index]!;
      expect(result.code, args.join(' ')).not.toBe(0);
      expect(result.stderr, args.join(' ')).toContain(message);
    });

    await withService(async (url) => {
      const root = await login(url, 'root@platform.test', 'root-secret');
      expect(root.body.user).toMatchObject({ role: 'platform_admin', tenant_id: null });
      const tenants = (await (
        await fetch(`${url}/api/tenants`, { headers: { Authorization: `Bearer ${root.body.access_token}` } })
      ).json()) as any[];
      expect(tenants.map((row) => row.id)).toEqual(['demo', 'acme']);
      expect(tenants[1]).toMatchObject({
        name: 'Acme Buses',
        tier: 'enterprise',
        domain: 'buses.acme.test',
        theme: { primary_color: '#123456' },
      });
      const op = await login(url, 'op@acme.test', 'op-secret');
      expect(op.body.user).toMatchObject({ role: 'operator', tenant_id: 'acme' });
      expect((await fetch(`${url}/api/tenants/acme/logs`, { headers: { Authorization: `Bearer ${op.body.access_token}` } })).status).toBe(
        200,
      );
      expect((await login(url, 'x@acme.test', 'whatever')).status).toBe(401);
    });
  }, 120_000);
});
