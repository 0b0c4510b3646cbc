import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { githubSignature } from '@switchyard/domain/webhooks/verify-signature';
import { ReceiverHarness } from '../support/webhooks/receiver-harness.ts';

/**
 * On PostgreSQL a route's rate is counted in webhook_rate_window. When that count cannot be
 * reached the receiver refuses for a second rather than letting requests through uncounted, and
 * says it is its own fault: 503 with Retry-After: 1, which senders retry, not 429. The embedded
 * database counts in memory, where the count cannot be out of reach.
 */
const SECRET = 'route-secret';
const logLines: string[] = [];
let harness: ReceiverHarness;

beforeAll(async () => {
  harness = await ReceiverHarness.start({
    extra: { rate_limit: 1000 },
    subscriptions: { counted: { secret: SECRET } },
    logLines,
    steppedWorker: true,
  });
}, 120_000);
afterAll(async () => {
  await harness?.close();
});

const send = (n: number) => {
  const payload = JSON.stringify({ n });

  return harness.post('counted', payload, { 'x-hub-signature-256': githubSignature(SECRET, payload) });
};

describe('a rate count out of reach', () => {
  it.runIf(process.env.DATABASE_URL !== undefined)(
    'answers 503 with Retry-After: 1 and a log line, then accepts again once the count is back',
    async () => {
      // The table taken away stands for a database the process cannot count in.
      await harness.db.fork().execute('alter table webhook_rate_window rename to webhook_rate_window_away');
      const refused = await send(1).finally(() =>
        harness.db.fork().execute('alter table webhook_rate_window_away rename to webhook_rate_window'),
      );
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(refused.body).toEqual({ error: 'rate limit unavailable' });
      expect(logLines.some((line) => line.includes('"route":"counted"') && line.includes('answered 503'))).toBe(true);
      // Nothing was queued for the refused request.
      expect(
        Number(
          (await harness.db.fork().execute<{ n: number }[]>(`select count(*)::int as n from webhook_delivery where route = 'counted'`))[0]
            ?.n,
        ),
      ).toBe(0);
      expect((await send(2)).status).toBe(202);
    },
    60_000,
  );
});
