import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { githubSignature } from '@switchyard/domain/webhooks/verify-signature';
import { intakeBody } from '../support/claims-client.ts';
import { startFakeJsonProvider } from '../support/fake-json-provider.ts';
import { startOtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver.ts';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.ts';
import { createTestDatabase } from '../support/webhooks/test-database.ts';
import { waitFor } from '../support/webhooks/wait-for.ts';

const SECRET = 'traces-route-secret';
const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;
const RECORDER = './test/support/ops/record-otel-modules.mjs';

type LogLine = Record<string, unknown>;
const logLines = (output: string): LogLine[] =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

/** The spans of one trace whose chain of parents leads to `root`. */
const descendantsOf = (spans: readonly ReceivedSpan[], root: ReceivedSpan): ReceivedSpan[] => {
  const inTrace = spans.filter((span) => span.traceId === root.traceId);
  const below = new Set([root.spanId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const span of inTrace) {
      if (span.parentSpanId !== null && below.has(span.parentSpanId) && !below.has(span.spanId)) {
        below.add(span.spanId);
        grew = true;
      }
    }
  }

  return inTrace.filter((span) => span.spanId !== root.spanId && below.has(span.spanId));
};

/** Waits for what `find` finds; fails the test when it never comes. */
const waitForFound = async <T>(find: () => T | undefined, what: string): Promise<T> => {
  const found = await waitFor(find, 20_000, what);
  if (found === undefined) {
    throw new Error(`no ${what}`);
  }

  return found;
};

const isDatabaseSpan = (span: ReceivedSpan) =>
  span.kind === CLIENT && (span.attributes['db.system'] === 'postgresql' || span.attributes['db.system.name'] === 'postgresql');

/** The service as `npm start` runs it, with a recorder of the OpenTelemetry modules it loads. */
const startRecordedService = async (env: Record<string, string | undefined>) => {
  const database = await createTestDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-traces-'));
  const home = join(dir, 'home');
  const modulesFile = join(dir, 'otel-modules.txt');
  mkdirSync(home);
  writeFileSync(join(home, 'webhook_subscriptions.json'), JSON.stringify({ traced: { secret: SECRET, prompt: 'event {action}' } }));
  const service = await startServiceProcess(
    {
      ...database.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      CLAIMS_PORT: '0',
      TRANSPORT_PORT: '0',
      STAFF_KEY: 'traces-test-staff-key-0123456789',
      SWITCHYARD_HOME: home,
      WEBHOOK_ENABLED: 'true',
      WEBHOOK_PORT: '0',
      AGENT_COMMAND: 'cat',
      WEBHOOK_WORKER_POLL_MS: '50',
      RECORD_OTEL_MODULES_FILE: modulesFile,
      ...env,
    },
    'switchyard is running',
    // Two services and the receiver starting on a fresh database, on a machine that may be busy.
    { imports: [RECORDER], startMs: 150_000 },
  );
  const receiverUrl = await waitFor(
    () => /"url":"(http:\/\/[^"]+)"[^\n]*webhook receiver listening/.exec(service.output())?.[1],
    30_000,
    'the receiver',
  );

  return {
    service,
    receiverUrl,
    database,
    loadedOtelModules: () => (existsSync(modulesFile) ? readFileSync(modulesFile, 'utf8').split('\n').filter(Boolean) : []),
    dispose: async (running: ServiceProcess | null) => {
      await running?.stop();
      await database.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

describe('traces over OTLP/HTTP, in a real process', () => {
  it('exports one trace per intake with its server span, outgoing call and (on PostgreSQL) its statements, and one trace from a webhook POST to its delivery', async () => {
    const otlp = await startOtlpReceiver();
    const captcha = await startFakeJsonProvider();
    captcha.reply({ status: 200, body: { success: true } });
    const started = await startRecordedService({
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
      OTEL_SERVICE_NAME: 'switchyard-test',
      // The batch goes out a tenth of a second after its first span instead of after 5 s.
      OTEL_BSP_SCHEDULE_DELAY: '100',
      CAPTCHA_SECRET: 'captcha-secret',
      CAPTCHA_VERIFY_URL: `${captcha.url}/verify`,
    });
    const { service } = started;
    try {
      const intake = await fetch(`${service.url}/api/intake`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'traced-intake-1' },
        body: JSON.stringify({ ...intakeBody(), captcha_token: 'token-from-the-widget' }),
      });
      expect(intake.status).toBe(201);
      // Probes make no spans.
      expect((await fetch(`${service.url}/readyz`)).status).toBe(200);

      const server = await waitForFound(
        () => otlp.spans().find((span) => span.kind === SERVER && span.attributes['switchyard.request_id'] === 'traced-intake-1'),
        'the intake span',
      );
      expect(server).toMatchObject({ service: 'switchyard-test', name: 'POST /api/intake', parentSpanId: null });
      expect(server.attributes).toMatchObject({ 'http.route': '/api/intake', 'switchyard.service': 'claims' });
      // The bot check's call to its provider, a child of the intake.
      const outgoing = await waitForFound(
        () =>
          descendantsOf(otlp.spans(), server).find(
            (span) => span.kind === CLIENT && String(span.attributes['url.full'] ?? span.attributes['http.url']).startsWith(captcha.url),
          ),
        'the outgoing span',
      );
      expect(outgoing.traceId).toBe(server.traceId);
      if (started.database.env.DATABASE_URL !== undefined) {
        const statements = await waitForFound(() => {
          const found = descendantsOf(otlp.spans(), server).filter(isDatabaseSpan);

          return found.length > 0 ? found : undefined;
        }, 'the statement spans');
        expect(statements.length).toBeGreaterThan(0);
        // The statements' text keeps its shape but not the values the ORM wrote into it.
        const texts = statements.map((span) => String(span.attributes['db.query.text'] ?? ''));
        expect(texts.some((text) => text.includes('claims_client'))).toBe(true);
        expect(texts.join('\n')).not.toContain('@example.test');
      }
      // Otherwise the embedded database has no driver to instrument: statement spans are PostgreSQL's only (docs/operations.md).
      expect(otlp.spans().filter((span) => span.attributes['url.path'] === '/readyz' || span.name.includes('readyz'))).toEqual([]);
      expect(
        new Set(otlp.spans().filter((span) => span.kind === SERVER && span.attributes['switchyard.request_id'] === 'traced-intake-1')),
      ).toHaveProperty('size', 1);

      const body = JSON.stringify({ action: 'opened' });
      const accepted = await fetch(`${started.receiverUrl}/webhooks/traced`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Hub-Signature-256': githubSignature(SECRET, body),
          'X-Request-Id': 'traced-webhook-1',
        },
        body,
      });
      expect(accepted.status).toBe(202);
      const { delivery_id: deliveryId } = (await accepted.json()) as { delivery_id: string };
      const post = await waitForFound(
        () => otlp.spans().find((span) => span.kind === SERVER && span.attributes['switchyard.request_id'] === 'traced-webhook-1'),
        'the webhook POST span',
      );
      expect(post.name).toBe('POST /webhooks/{route}');
      const delivery = await waitForFound(
        () => otlp.spans().find((span) => span.kind === CONSUMER && span.attributes['switchyard.webhook.delivery_id'] === deliveryId),
        'the delivery span',
      );
      // The later delivery continues the POST's trace, as its child.
      expect(delivery).toMatchObject({ name: 'webhook delivery', traceId: post.traceId, parentSpanId: post.spanId });
      expect(delivery.attributes).toMatchObject({ 'switchyard.webhook.route': 'traced' });

      // The worker's lines about the delivery carry the POST's request id.
      const delivered = await waitForFound(
        () => logLines(service.output()).find((line) => line.msg === 'webhook delivered' && line.delivery_id === deliveryId),
        'the delivered line',
      );
      expect(delivered.request_id).toBe('traced-webhook-1');
      expect(otlp.problems()).toEqual([]);
      // The recorder sees OpenTelemetry when it is loaded, so its silence below means something.
      expect(started.loadedOtelModules().some((url) => url.includes('@opentelemetry/sdk-trace-node'))).toBe(true);
    } finally {
      await started.dispose(service);
      await otlp.close();
      await captcha.close();
    }
  }, 240_000);

  it('loads nothing of OpenTelemetry when no OTLP address is set, and still carries the request id into the webhook worker', async () => {
    const started = await startRecordedService({});
    const { service } = started;
    try {
      expect(
        (
          await fetch(`${service.url}/api/intake`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(intakeBody()),
          })
        ).status,
      ).toBe(201);
      const body = JSON.stringify({ action: 'closed' });
      const accepted = await fetch(`${started.receiverUrl}/webhooks/traced`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Hub-Signature-256': githubSignature(SECRET, body),
          'X-Request-Id': 'untraced-webhook-1',
        },
        body,
      });
      expect(accepted.status).toBe(202);
      const { delivery_id: deliveryId } = (await accepted.json()) as { delivery_id: string };
      const delivered = await waitForFound(
        () => logLines(service.output()).find((line) => line.msg === 'webhook delivered' && line.delivery_id === deliveryId),
        'the delivered line',
      );
      expect(delivered.request_id).toBe('untraced-webhook-1');
      expect(started.loadedOtelModules()).toEqual([]);
    } finally {
      await started.dispose(service);
    }
  }, 240_000);
});
