import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { intakeBody } from '../support/claims-client.ts';
import { startService, type ServiceProcess } from '../support/embedded/service-process.ts';
import { runCli } from '../support/webhooks/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/webhooks/test-database.ts';
import { waitFor } from '../support/webhooks/wait-for.ts';

/**
 * With CLAIMS_PORT and TRANSPORT_PORT changed and PORTAL_URL / TRANSPORT_PUBLIC_URL unset, the
 * start-up block and the mails of both services name http://localhost:<the configured port>, and
 * those links work. The block also names the API reference and how to get into the transport app.
 */
const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

const blockOf = (service: ServiceProcess): string => service.output().slice(service.output().indexOf('switchyard is running'));

const json = (body: unknown) => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** The first outbox file whose text contains `marker`. */
const mailWith = async (dataDir: string, marker: string): Promise<string> =>
  (await waitFor(
    () => {
      const dir = join(dataDir, 'mail');
      try {
        return readdirSync(dir)
          .map((name) => readFileSync(join(dir, name), 'utf8'))
          .find((text) => text.includes(marker));
      } catch {
        return undefined;
      }
    },
    20_000,
    `a mail with ${marker}`,
  )) ?? '';

let database: TestDatabase | undefined;
let service: ServiceProcess | undefined;

afterEach(async () => {
  await service?.stop();
  service = undefined;
  await database?.dispose();
  database = undefined;
});

describe('addresses that follow the configured ports', () => {
  it('names http://localhost:<port> in the block and in the mails of both services, and the links work', async () => {
    database = await createTestDatabase();
    const [claimsPort, transportPort] = [await freePort(), await freePort()];
    const claims = `http://localhost:${claimsPort}`;
    const transport = `http://localhost:${transportPort}`;
    service = await startService({
      ...database.env,
      NODE_ENV: 'development',
      SEED_DEMO: 'false',
      CLAIMS_PORT: String(claimsPort),
      TRANSPORT_PORT: String(transportPort),
      BOOTSTRAP_ADMIN_EMAIL: 'first-admin@example.com',
      BOOTSTRAP_ADMIN_PASSWORD: 'first-admin-password',
    });
    await waitFor(() => service?.output().includes('switchyard is running'), 60_000, 'the start-up block');
    const block = blockOf(service);
    expect(block).toMatch(new RegExp(`Claim intake\\s+${claims}/\\n`));
    expect(block).toMatch(new RegExp(`Staff console\\s+${claims}/staff\\n`));
    expect(block).toMatch(new RegExp(`Transport app\\s+${transport}/\\n`));
    expect(block).toMatch(/Transport sign-in\s+sign in as first-admin@example\.com \(BOOTSTRAP_ADMIN_EMAIL\)/);
    // The API reference is named for both services, and is there.
    expect(block).toContain(`API reference`);
    expect(block).toContain(`${claims}/api/docs, ${transport}/api/docs`);
    for (const docs of [`${claims}/api/docs`, `${transport}/api/docs`]) {
      const page = await fetch(docs);
      expect(page.status, docs).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
    }

    // The claims sign-in mail links to the same host and port, and the link's token works there.
    const body = intakeBody();
    expect((await fetch(`${claims}/api/intake`, json(body))).status).toBe(201);
    expect((await fetch(`${claims}/api/auth/request`, json({ email: body.client.email }))).status).toBe(200);
    const signIn = await mailWith(database.env.DATA_DIR, 'Subject: Your sign-in link');
    const link = new RegExp(`${claims}/portal/verify\\?token=[A-Za-z0-9_-]+`).exec(signIn)?.[0];
    expect(link, signIn).toBeDefined();
    const verified = await fetch(
      `${new URL(link ?? '').origin}/api/auth/verify`,
      json({ token: new URL(link ?? '').searchParams.get('token') }),
    );
    expect(verified.status).toBe(200);

    // The transport service's mails (here a password reset for the bootstrap administrator) too.
    expect((await fetch(`${transport}/api/auth/recover`, json({ email: 'first-admin@example.com' }))).status).toBe(200);
    const reset = await mailWith(database.env.DATA_DIR, '/reset-password#token_hash=');
    const resetLink = /(http:\/\/\S+)\/reset-password#token_hash=/.exec(reset)?.[1];
    expect(resetLink).toBe(transport);
    expect((await fetch(`${resetLink}/api/health`)).status).toBe(200);
    // And the administrator named in the block signs in there.
    expect(
      (await fetch(`${transport}/api/auth/login`, json({ email: 'first-admin@example.com', password: 'first-admin-password' }))).status,
    ).toBe(200);
  }, 180_000);

  it('without a bootstrap administrator, names the `switchyard user add` command, which gets one in', async () => {
    database = await createTestDatabase();
    service = await startService({ ...database.env, SEED_DEMO: 'false' });
    await waitFor(() => service?.output().includes('switchyard is running'), 60_000, 'the start-up block');
    const block = blockOf(service);
    // Port 0 (any free port): the block names the port the service got, on localhost.
    const transportPort = new URL(service.transportUrl).port;
    expect(block).toMatch(new RegExp(`Transport app\\s+http://localhost:${transportPort}/\\n`));
    const command =
      /Transport sign-in\s+add an administrator first: npx switchyard (user add --email \S+ --password \S+ --role platform_admin)\n/.exec(
        block,
      )?.[1];
    expect(command, block).toBeDefined();
    // The command as shown, with a real address and password in place of the examples.
    const args = (command ?? '')
      .replace('you@example.com', 'console-admin@example.com')
      .replace('<password>', 'console-password')
      .split(' ');
    const added = await runCli(args, database.env);
    expect(added.code, added.stderr).toBe(0);
    const login = await fetch(
      `http://localhost:${transportPort}/api/auth/login`,
      json({ email: 'console-admin@example.com', password: 'console-password' }),
    );
    expect(login.status).toBe(200);
  }, 180_000);
});
