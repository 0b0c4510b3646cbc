import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { githubSignature } from '@switchyard/domain/webhooks/verify-signature';
import { platformAnswers, startFakePlatform, type FakePlatform } from '../support/webhooks/fake-platform.ts';
import { ReceiverHarness } from '../support/webhooks/receiver-harness.ts';
import { waitFor } from '../support/webhooks/wait-for.ts';

const SECRET = 'poison-secret';
const MARKER = 'poison-marker-never-logged';
// Long enough that a healthy row held back by a poisoned claim could not settle in the test's time.
const LEASE_MS = 60_000;

let model: FakePlatform;
let harness: ReceiverHarness;
const logLines: string[] = [];

beforeAll(async () => {
  model = await startFakePlatform(platformAnswers.model);
  harness = await ReceiverHarness.start({
    extra: { secret: SECRET, rate_limit: 100_000 },
    env: { AGENT_BASE_URL: model.url, AGENT_MODEL: 'm', WEBHOOK_LEASE_MS: String(LEASE_MS), WEBHOOK_WORKER_CONCURRENCY: '8' },
    subscriptions: { healthy: { deliver: 'log', prompt: 'job {n}' } },
    logLines,
  });
}, 60_000);

afterAll(async () => {
  await harness?.close();
  await model?.close();
});

const signedRaw = (text: string) =>
  harness.post('healthy', text, { 'x-hub-signature-256': githubSignature(SECRET, text), 'x-github-delivery': randomUUID() });

/** A row the receiver can no longer store, put straight into the queue as an older build or a hand edit could have. */
const insertPoison = async (index: number): Promise<string> => {
  const id = randomUUID();
  const payloads = [`'"${MARKER}"'`, "'5'", "'null'", "'true'"];
  await harness.db.fork().execute(
    `insert into webhook_delivery (id, route, event_type, idempotency_key, mode, status, target, prompt, skills, payload,
        attempts, max_attempts, next_attempt_at, created_at, updated_at)
     values (?, 'healthy', 'push', ?, 'agent', 'queued', 'log', ?, '[]'::jsonb, ${payloads[index % payloads.length]}::jsonb,
        0, 3, now(), now(), now())`,
    [id, `healthy:poison:${id}`, `job ${MARKER}`],
  );

  return id;
};

type Row = { id: string; status: string; attempts: number; last_error: string | null };

describe('a payload that is not a JSON object or array', () => {
  it('is refused with 400 at the receiver', async () => {
    for (const text of ['"x"', '5', 'null', 'true', '  "padded"  ']) {
      const answer = await signedRaw(text);
      expect(answer.status, text).toBe(400);
      expect(answer.body).toEqual({ error: 'payload must be a JSON object or array' });
    }
    expect((await signedRaw('[1,2]')).status).toBe(202);
  });

  it('50 poison rows among 500 healthy events: every healthy one delivered at once, every poison one failed alone with its reason', async () => {
    const healthy: string[] = [];
    const poison: string[] = [];
    for (let round = 0; round < 10; round += 1) {
      const answers = await Promise.all(Array.from({ length: 50 }, (_, index) => signedRaw(JSON.stringify({ n: round * 50 + index }))));
      for (const answer of answers) {
        expect(answer.status).toBe(202);
        healthy.push(String(answer.body.delivery_id));
      }
      for (let index = 0; index < 5; index += 1) {
        poison.push(await insertPoison(round * 5 + index));
      }
    }
    const rows = await waitFor<Row[] | undefined>(
      async () => {
        const all = await harness.db
          .fork()
          .execute<Row[]>(`select id::text, status, attempts, last_error from webhook_delivery where route = 'healthy'`);

        return all.filter((row) => row.status === 'delivered' || row.status === 'failed').length >= 551 ? all : undefined;
      },
      // Shorter than the lease: a row held back until a lease expired would not settle in time.
      40_000,
      'every delivery to settle',
    );
    const byId = new Map((rows ?? []).map((row) => [row.id, row]));
    for (const id of healthy) {
      const row = byId.get(id);
      // Claimed once (a claim counts an attempt): never taken back from a worker and claimed again.
      expect(row, id).toMatchObject({ status: 'delivered', attempts: 1 });
    }
    for (const id of poison) {
      expect(byId.get(id), id).toMatchObject({
        status: 'failed',
        attempts: 1,
        last_error: 'unreadable delivery: payload is not a JSON object or array',
      });
    }
    const errors = logLines.filter((line) => line.includes('unreadable delivery'));
    expect(errors.length).toBe(50);
    for (const id of poison) {
      expect(errors.some((line) => line.includes(id))).toBe(true);
    }
    expect(logLines.some((line) => line.includes(MARKER))).toBe(false);
  }, 90_000);
});
