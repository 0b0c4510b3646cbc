import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@switchyard/db/orm';
import { freshIp, intakeBody } from '../support/claims-client.ts';
import { runCli, type CliResult } from '../support/webhooks/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/webhooks/test-database.ts';
import { waitFor } from '../support/webhooks/wait-for.ts';
import { startService, type ServiceProcess } from '../support/embedded/service-process.ts';

// The embedded database's single owner only exists without DATABASE_URL.
const onServer = process.env.DATABASE_URL !== undefined;
const HTTP_WRITES = 200;
const CLI_LOOPS = 2;
const MIN_COMMANDS_PER_LOOP = 3;

let database: TestDatabase;
let service: ServiceProcess | undefined;
let dir: string;

beforeAll(async () => {
  if (onServer) {
    return;
  }
  dir = mkdtempSync(join(tmpdir(), 'switchyard-embedded-stress-'));
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

describe.skipIf(onServer)('the service and CLI commands writing at once on the embedded database', () => {
  it(`${HTTP_WRITES} concurrent HTTP writes while commands write in a loop through the socket: every write is there, no error`, async () => {
    const file = join(dir, 'import.json');
    writeFileSync(
      file,
      JSON.stringify({ schools: [{ name: 'North School' }, { name: 'South School' }], buses: [{ id: 'B-1' }], routes: [] }),
    );
    let httpDone = false;
    const commands: { args: string[]; result: CliResult; started: number; ended: number }[] = [];
    // Each loop adds a tenant and imports into it (a transaction of several statements), again
    // and again, until the HTTP writes are over.
    const loop = async (loopIndex: number) => {
      for (let round = 0; !httpDone || round < MIN_COMMANDS_PER_LOOP; round++) {
        const slug = `stress-${loopIndex}-${round}`;
        for (const args of [
          ['tenant', 'add', slug, '--name', `Stress ${loopIndex} ${round}`],
          ['tenant', 'import', slug, file],
        ]) {
          const started = Date.now();
          const result = await runCli(args, { ...database.env });
          commands.push({ args, result, started, ended: Date.now() });
        }
      }
    };
    const loops = Array.from({ length: CLI_LOOPS }, (_, index) => loop(index));

    // The burst starts once the commands are under way, so that it meets them mid-stream.
    await waitFor(() => commands.length >= 1, 120_000, 'the first command');
    const url = service?.claimsUrl ?? '';
    const burstStarted = Date.now();
    const answers = await Promise.all(
      Array.from({ length: HTTP_WRITES }, async () => {
        const response = await fetch(`${url}/api/intake`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': freshIp() },
          body: JSON.stringify(intakeBody()),
        });

        return { status: response.status, body: (await response.json()) as { claim_number?: string } };
      }),
    );
    httpDone = true;
    const burstEnded = Date.now();
    await Promise.all(loops);

    expect(answers.filter((answer) => answer.status !== 201)).toEqual([]);
    const failed = commands.filter(({ result }) => result.code !== 0 || result.stderr !== '');
    expect(failed.map(({ args, result }) => `${args.join(' ')}: ${result.code} ${result.stderr}`)).toEqual([]);
    expect(commands.length).toBeGreaterThanOrEqual(CLI_LOOPS * MIN_COMMANDS_PER_LOOP * 2);
    expect(commands.filter(({ started, ended }) => started < burstEnded && ended > burstStarted).length).toBeGreaterThan(0);

    const claimNumbers = answers.map((answer) => answer.body.claim_number ?? '');
    const slugs = commands.filter(({ args }) => args[1] === 'add').map(({ args }) => args[2] ?? '');
    const db = await openDatabase({ dataDir: database.env.DATA_DIR });
    try {
      const connection = db.em.getConnection();
      const claims = await connection.execute<{ n: number }[]>('select count(*)::int as n from claims_claim where claim_number in (?)', [
        claimNumbers,
      ]);
      expect(claims[0]?.n).toBe(HTTP_WRITES);
      expect(new Set(claimNumbers).size).toBe(HTTP_WRITES);
      const tenants = await connection.execute<{ id: string; schools: number; buses: number }[]>(
        `select t.id, (select count(*)::int from transport_school s where s.tenant_id = t.id) as schools,
                (select count(*)::int from transport_bus b where b.tenant_id = t.id) as buses
           from transport_tenant t where t.id in (?) order by t.id`,
        [slugs],
      );
      expect(tenants).toEqual([...slugs].sort().map((id) => ({ id, schools: 2, buses: 1 })));
    } finally {
      await db.close();
    }
  }, 600_000);
});
