import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { request } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { githubSignature } from '@switchyard/domain/webhooks/verify-signature';
import { ensureWebBuild } from '../support/browser/ensure-web-build.ts';
import { intakeBody } from '../support/claims-client.ts';
import { startFakeIdentity, type FakeIdentity } from '../support/fake-identity.ts';
import { PDF_BYTES } from '../support/multipart.ts';
import { startTestS3, type TestS3 } from '../support/s3-server.ts';
import { startService, type ServiceProcess } from '../support/embedded/service-process.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { startGatewayProcess, waitForExit, type GatewayProcess } from '../support/webhooks/gateway-process.ts';
import { REPO_ROOT } from '../support/webhooks/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/webhooks/test-database.ts';
import { waitFor } from '../support/webhooks/wait-for.ts';

/**
 * The topology of deploy/compose.yaml as processes on this machine: PostgreSQL, two compiled API
 * processes (NODE_ENV=production, TRUST_PROXY), the webhook gateway, documents in a local
 * S3-compatible server, and Caddy with deploy/Caddyfile (and its proxy.caddy) in front, with its
 * own certificate authority on random ports. Everything below goes through Caddy over HTTPS.
 */
const CADDY = process.env.CADDY_PATH ?? '/usr/bin/caddy';
// The replicas share one PostgreSQL, so on the embedded database this file is skipped (the PostgreSQL run covers
// it). Where the other strict runs require the browser, they require the proxy too (.ci/run installs both).
const REQUIRED = process.env.REQUIRE_BROWSER === '1';
const ON_POSTGRES = Boolean(process.env.DATABASE_URL);
const missing = existsSync(CADDY) ? [] : [`no Caddy at ${CADDY} (apt-get install caddy, or set CADDY_PATH)`];
const skipped = !ON_POSTGRES || (missing.length > 0 && !REQUIRED);
if (!ON_POSTGRES) {
  console.warn('\n⚠ Reference deployment test SKIPPED: DATABASE_URL is unset, and the API replicas share a PostgreSQL database.\n');
} else if (skipped) {
  console.warn(`\n⚠ Reference deployment test SKIPPED: ${missing.join('; ')}. REQUIRE_BROWSER=1 turns this into a failure.\n`);
}

const run = promisify(execFile);
const BUCKET = 'deploy-documents';
const STAFF_KEY = 'deploy-staff-key-0123456789abcdef';
const HOOK_SECRET = 'deploy-hook-secret-0123456789';

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });

type TlsAnswer = { status: number; headers: IncomingHttpHeaders; body: Buffer; json: () => any };

describe.skipIf(skipped)('the reference deployment behind Caddy (deploy/)', () => {
  let database: TestDatabase;
  let s3: TestS3;
  let smtp: SmtpSink;
  let identity: FakeIdentity;
  const apis: ServiceProcess[] = [];
  let gateway: GatewayProcess | undefined;
  let caddy: ChildProcess | undefined;
  let caddyOutput = '';
  const work = mkdtempSync(join(tmpdir(), 'switchyard-deploy-'));
  let ca: Buffer;
  const sites = { claims: '', transport: '', hooks: '' };

  /** One HTTPS request through Caddy, trusting only Caddy's own authority; `from` picks the client's address. */
  const tls = (
    url: string,
    options: { method?: string; headers?: Record<string, string>; body?: Buffer | string; from?: string } = {},
  ): Promise<TlsAnswer> =>
    new Promise((resolve, reject) => {
      const outgoing = request(
        url,
        {
          method: options.method ?? 'GET',
          headers: options.headers,
          ca,
          agent: false,
          ...(options.from ? { localAddress: options.from } : {}),
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const body = Buffer.concat(chunks);
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body, json: () => JSON.parse(body.toString('utf8')) });
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(options.body);
    });

  const json = (url: string, method: string, body: unknown, headers: Record<string, string> = {}) =>
    tls(url, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  /** Which API process answered: the one whose access line carries the answer's request id. */
  const answeredBy = async (answer: TlsAnswer): Promise<number> => {
    const id = String(answer.headers['x-request-id'] ?? '');
    expect(id, 'every answer carries its request id').not.toBe('');

    // A replica logs a request once its answer is out, and that line reaches this process through the
    // replica's output a moment later (later still on a busy machine): wait for it rather than read once.
    return waitFor(
      () => {
        const index = apis.findIndex((api) => api.output().includes(id));

        return index >= 0 ? index : undefined;
      },
      10_000,
      `the access log line of request ${id}`,
    );
  };

  beforeAll(async () => {
    if (missing.length > 0) {
      throw new Error(`REQUIRE_BROWSER=1, but ${missing.join('; ')}`);
    }
    await run(process.execPath, [join(REPO_ROOT, 'apps/api/build.js')], { cwd: REPO_ROOT });
    await ensureWebBuild();
    database = await createTestDatabase();
    s3 = await startTestS3();
    await s3.createBucket(BUCKET);
    smtp = await startSmtpSink();
    identity = await startFakeIdentity();
    const [claimsPort, transportPort, hooksPort, httpPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    sites.claims = `https://127.0.0.1:${claimsPort}`;
    sites.transport = `https://127.0.0.1:${transportPort}`;
    sites.hooks = `https://127.0.0.1:${hooksPort}`;
    const apiEnv = {
      ...database.env,
      ...s3.env(BUCKET),
      NODE_ENV: 'production',
      TRUST_PROXY: 'true',
      STAFF_KEY,
      SMTP_URL: smtp.url,
      PORTAL_URL: sites.claims,
      TRANSPORT_PUBLIC_URL: sites.transport,
      IDENTITY_URL: identity.url,
      TRANSPORT_LIVE_KEEPALIVE_MS: '200',
      LOG_LEVEL: 'info',
    };
    // Two replicas, each with a data folder of its own: they share only the database and the bucket.
    for (let index = 0; index < 2; index += 1) {
      apis.push(await startService({ ...apiEnv, DATA_DIR: mkdtempSync(join(work, `api-${index}-`)) }, 'compiled'));
    }
    const home = mkdtempSync(join(work, 'gateway-home-'));
    writeFileSync(
      join(home, 'config.yaml'),
      `platforms:\n  webhook:\n    enabled: true\n    extra:\n      host: 127.0.0.1\n      port: 0\n      routes:\n        deploys:\n          secret: ${HOOK_SECRET}\n          deliver: log\n`,
    );
    gateway = await startGatewayProcess(home, { ...database.env, NODE_ENV: 'production', STAFF_KEY });

    const upstreams = (key: 'claimsUrl' | 'transportUrl') => apis.map((api) => new URL(api[key]).host).join(' ');
    // The operator's Caddyfile unchanged, under test-only global options: Caddy's own authority
    // instead of Let's Encrypt, no admin endpoint, loopback only, its files in the test's folder.
    const caddyfile = join(work, 'Caddyfile');
    writeFileSync(
      caddyfile,
      [
        '{',
        '\tadmin off',
        '\tlocal_certs',
        '\tskip_install_trust',
        '\tauto_https disable_redirects',
        '\tdefault_bind 127.0.0.1',
        `\thttp_port ${httpPort}`,
        `\tstorage file_system ${join(work, 'caddy')}`,
        '}',
        `import ${join(REPO_ROOT, 'deploy/Caddyfile')}`,
        '',
      ].join('\n'),
    );
    caddy = spawn(CADDY, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: work,
        XDG_DATA_HOME: join(work, 'xdg-data'),
        XDG_CONFIG_HOME: join(work, 'xdg-config'),
        CLAIMS_SITE: sites.claims,
        TRANSPORT_SITE: sites.transport,
        WEBHOOK_SITE: sites.hooks,
        CLAIMS_UPSTREAMS: upstreams('claimsUrl'),
        TRANSPORT_UPSTREAMS: upstreams('transportUrl'),
        WEBHOOK_UPSTREAMS: new URL(gateway.url).host,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    caddy.stdout?.on('data', (chunk: Buffer) => (caddyOutput += chunk.toString()));
    caddy.stderr?.on('data', (chunk: Buffer) => (caddyOutput += chunk.toString()));
    const root = join(work, 'caddy', 'pki', 'authorities', 'local', 'root.crt');
    await waitFor(
      () => {
        if (caddy?.exitCode !== null) {
          throw new Error(`caddy exited: ${caddyOutput}`);
        }

        return existsSync(root);
      },
      30_000,
      "Caddy's certificate authority",
    );
    ca = readFileSync(root);
    // Ready once every site answers its readiness through the proxy with a certificate of that authority.
    await waitFor(
      async () => {
        for (const site of Object.values(sites)) {
          const answer = await tls(`${site}/readyz`).catch(() => null);
          if (answer?.status !== 200) {
            return false;
          }
        }

        return true;
      },
      30_000,
      `every site to answer through Caddy (${caddyOutput.slice(-2000)})`,
    );
  }, 300_000);

  afterAll(async () => {
    if (caddy && caddy.exitCode === null) {
      caddy.kill('SIGTERM');
      await waitForExit(caddy);
    }
    if (gateway && gateway.child.exitCode === null) {
      gateway.child.kill('SIGTERM');
      await waitForExit(gateway.child);
    }
    for (const api of apis) {
      await api.stop();
    }
    await identity?.close();
    await smtp?.close();
    await s3?.close();
    await database?.dispose();
    rmSync(work, { recursive: true, force: true });
  });

  let session = '';
  let claimNumber = '';

  it('takes an intake and signs its client in through the mailed link, all over HTTPS', async () => {
    const body = intakeBody();
    const intake = await json(`${sites.claims}/api/intake`, 'POST', body);
    expect(intake.status, intake.body.toString()).toBe(201);
    claimNumber = intake.json().claim_number as string;
    // Plain HTTP is refused by the services in production; only the proxy's HTTPS reaches them.
    expect(intake.headers['strict-transport-security']).toBeDefined();

    const asked = await json(`${sites.claims}/api/auth/request`, 'POST', { email: body.client.email });
    expect(asked.status).toBe(200);
    const mail = await smtp.waitFor((message) => message.to.includes(body.client.email) && message.subject === 'Your sign-in link');
    // The link points at the public HTTPS address, the one the proxy serves.
    const link = new RegExp(`${sites.claims.replace(/[.:/]/g, '\\$&')}/portal/verify\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    const verified = await json(`${sites.claims}/api/auth/verify`, 'POST', { token: link?.[1] });
    expect(verified.status).toBe(200);
    session = verified.json().session_token as string;
    const me = await tls(`${sites.claims}/api/auth/me`, { headers: { authorization: `Bearer ${session}` } });
    expect(me.status).toBe(200);
  }, 60_000);

  it('stores an upload answered by one replica in the bucket, and the other replica serves the download', async () => {
    expect(session, 'signed in by the test before').not.toBe('');
    const content = Buffer.concat([PDF_BYTES, Buffer.alloc(300_000, 0x20)]);
    const boundary = `----deploy${randomUUID()}`;
    const form = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="statement.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await tls(`${sites.claims}/api/claims/${claimNumber}/documents`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${session}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(form.length),
      },
      body: form,
    });
    expect(uploaded.status, uploaded.body.toString()).toBe(201);
    const uploader = await answeredBy(uploaded);
    expect(uploader).toBeGreaterThanOrEqual(0);
    const documentId = uploaded.json().id as string;
    expect(
      [...(await s3.objects(BUCKET)).values()].some(
        (object) => createHash('sha256').update(object).digest('hex') === createHash('sha256').update(content).digest('hex'),
      ),
    ).toBe(true);

    // Caddy spreads requests over both replicas: ask until the other one answers.
    const download = await waitFor(
      async () => {
        const answer = await tls(`${sites.claims}/api/claims/${claimNumber}/documents/${documentId}`, {
          headers: { 'x-staff-key': STAFF_KEY },
        });
        expect(answer.status).toBe(200);

        return (await answeredBy(answer)) === 1 - uploader ? answer : undefined;
      },
      30_000,
      'the other replica to answer a download',
    );
    expect(download?.body.equals(content)).toBe(true);
  }, 120_000);

  it('streams a bus position to a viewer through the proxy as it is reported', async () => {
    const operator = identity.addUser({ role: 'operator', tenant_id: 'demo' });
    const events: string[] = [];
    const viewer = request(`${sites.transport}/api/buses/live`, {
      ca,
      agent: false,
      headers: { accept: 'text/event-stream', authorization: `Bearer ${operator}` },
    });
    const opened = new Promise<{ status: number; type: string }>((resolve, reject) => {
      viewer.on('response', (response) => {
        response.on('data', (chunk: Buffer) => events.push(chunk.toString()));
        resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type']) });
      });
      viewer.on('error', reject);
    });
    viewer.end();
    try {
      const answer = await opened;
      expect(answer.status).toBe(200);
      expect(answer.type).toMatch(/^text\/event-stream/);
      const busId = `bus-${randomUUID().slice(0, 8)}`;
      // Reported through the proxy too: whichever replica takes it, the viewer's replica hears of it.
      for (const lat of [32.01, 32.02]) {
        const put = await json(
          `${sites.transport}/api/buses/${busId}/location`,
          'PUT',
          { lat, lng: -81.1 },
          { authorization: `Bearer ${operator}` },
        );
        expect(put.status, put.body.toString()).toBe(200);
        await waitFor(
          () => events.join('').includes(`"lat":${lat}`) && events.join('').includes(busId),
          1_000,
          `position ${lat} on the open stream within 1 s`,
        );
      }
    } finally {
      viewer.destroy();
    }
  }, 60_000);

  it('accepts a signed webhook through the proxy and refuses a forged one', async () => {
    const body = JSON.stringify({ ref: 'refs/heads/main', id: randomUUID() });
    const headers = { 'content-type': 'application/json', 'x-github-event': 'push', 'x-github-delivery': randomUUID() };
    const signed = await tls(`${sites.hooks}/webhooks/deploys`, {
      method: 'POST',
      headers: { ...headers, 'x-hub-signature-256': githubSignature(HOOK_SECRET, body) },
      body,
    });
    expect(signed.status, signed.body.toString()).toBe(202);
    const forged = await tls(`${sites.hooks}/webhooks/deploys`, {
      method: 'POST',
      headers: { ...headers, 'x-hub-signature-256': githubSignature('not-the-secret', body) },
      body,
    });
    expect(forged.status).toBe(401);
  }, 60_000);

  it('counts a rate limit per real client address, which a client-sent X-Forwarded-For does not change', async () => {
    // Sign-in requests allow ten an hour per address. This client connects from 127.0.0.3 and
    // claims another address in every request; Caddy forwards the address it was connected from.
    const ask = (from: string, claimed: string) =>
      tls(`${sites.claims}/api/auth/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': claimed },
        body: JSON.stringify({ email: `limited-${randomUUID().slice(0, 8)}@example.test` }),
        from,
      });
    const statuses: number[] = [];
    for (let n = 1; n <= 11; n += 1) {
      statuses.push((await ask('127.0.0.3', `203.0.113.${n}`)).status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
    // Another real client keeps its own allowance, whatever address it claims.
    expect((await ask('127.0.0.4', '127.0.0.3')).status).toBe(200);
  }, 60_000);
});
