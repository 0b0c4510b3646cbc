import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@switchyard/db/orm';
import { freshIp, intakeBody } from '../support/claims-client.ts';
import { runCli } from '../support/webhooks/run-cli.ts';
import { waitForExit } from '../support/webhooks/gateway-process.ts';
import { createTestDatabase, type TestDatabase } from '../support/webhooks/test-database.ts';
import { spawnService, startService, type ServiceProcess } from '../support/embedded/service-process.ts';

// The embedded database's single owner only exists without DATABASE_URL.
const onServer = process.env.DATABASE_URL !== undefined;
const PSQL = '/usr/bin/psql';

let database: TestDatabase;
let service: ServiceProcess | undefined;

const lockText = () => readFileSync(join(database.env.DATA_DIR, 'pg.owner'), 'utf8');

const submitClaim = async (url: string): Promise<string> => {
  const response = await fetch(`${url}/api/intake`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': freshIp() },
    body: JSON.stringify(intakeBody()),
  });
  const body = (await response.json()) as { claim_number?: string };
  expect(response.status, JSON.stringify(body)).toBe(201);

  return body.claim_number ?? '';
};

beforeAll(async () => {
  if (!onServer) {
    database = await createTestDatabase();
    service = await startService(database.env);
  }
}, 120_000);

afterAll(async () => {
  await service?.kill();
  await database?.dispose();
});

describe.skipIf(onServer)('one owner of the embedded database', () => {
  it('refuses a second service with one line naming the owner, and the first keeps answering', async () => {
    const before = lockText();
    const second = spawnService(database.env);
    await waitForExit(second.child);
    expect(second.child.exitCode).toBe(1);
    const lines = second.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`process ${service?.pid}`);
    expect(second.output()).not.toContain('"msg":"listening"');
    expect(lockText()).toBe(before);
    expect((await fetch(`${service?.claimsUrl ?? ''}/api/health`)).status).toBe(200);
    expect(await submitClaim(service?.claimsUrl ?? '')).toMatch(/\S/);
  }, 120_000);

  it.skipIf(!existsSync(PSQL))(
    'psql opens the database of the running service and reads a row it just wrote',
    () => {
      return (async () => {
        const claimNumber = await submitClaim(service?.claimsUrl ?? '');
        const read = execFileSync(
          PSQL,
          [
            '-h',
            database.env.DATA_DIR,
            '-U',
            'postgres',
            '-tAc',
            `select claim_number, amount_cents from claims_claim where claim_number = '${claimNumber}'`,
          ],
          {
            encoding: 'utf8',
            env: { PATH: process.env.PATH ?? '' },
          },
        );
        expect(read.trim()).toBe(`${claimNumber}|250000`);
        // A psql session in a transaction of its own does not hold the service up once it commits.
        execFileSync(PSQL, ['-h', database.env.DATA_DIR, '-U', 'postgres', '-qc', 'begin; select count(*) from claims_claim; commit;'], {
          env: { PATH: process.env.PATH ?? '' },
        });
        expect(await submitClaim(service?.claimsUrl ?? '')).toMatch(/\S/);
      })();
    },
    60_000,
  );

  it('after kill -9 of the owner the next start takes the lock over with every row written before the kill', async () => {
    const url = service?.claimsUrl ?? '';
    const claims = await Promise.all(Array.from({ length: 20 }, () => submitClaim(url)));
    const added = await runCli(['tenant', 'add', 'killed', '--name', 'Written Before Kill'], { ...database.env });
    expect(added.code, added.stderr).toBe(0);
    const killedPid = service?.pid;
    await service?.kill();
    service = undefined;
    // The dead owner's lock is still there.
    expect(JSON.parse(lockText()).pid).toBe(killedPid);

    service = await startService(database.env);
    expect(JSON.parse(lockText())).toMatchObject({ pid: service.pid, role: 'service' });
    expect((await fetch(`${service.transportUrl}/api/theme/killed`)).status).toBe(200);
    // This test process reaches the new owner through its socket, as any other process does.
    const db = await openDatabase({ dataDir: database.env.DATA_DIR });
    try {
      expect(db.embedded).toMatchObject({ owner: false, ownerPid: service.pid });
      const rows = await db.em
        .getConnection()
        .execute<{ claim_number: string }[]>('select claim_number from claims_claim where claim_number in (?)', [claims]);
      expect(rows.map((row) => row.claim_number).sort()).toEqual([...claims].sort());
    } finally {
      await db.close();
    }
    expect(await submitClaim(service.claimsUrl)).toMatch(/\S/);
  }, 180_000);
});
