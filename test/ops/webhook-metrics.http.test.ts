import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics, type Metrics } from '../../apps/api/src/ops/metrics/metrics.ts';
import { githubSignature } from '@switchyard/domain/webhooks/verify-signature';
import { ReceiverHarness } from '../support/webhooks/receiver-harness.ts';

const SECRET = 'metrics-route-secret';

const valueOf = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));

  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('webhook metrics', () => {
  let harness: ReceiverHarness;
  let metrics: Metrics;
  beforeAll(async () => {
    let harnessDb: ReceiverHarness['db'] | null = null;
    // The metrics read the receiver's own database, which the harness opens.
    const lazyDb = {
      get em() {
        return (harnessDb as ReceiverHarness['db']).em;
      },
      fork: () => (harnessDb as ReceiverHarness['db']).fork(),
    };
    metrics = createMetrics({ db: lazyDb, processMetrics: false });
    harness = await ReceiverHarness.start({
      env: { AGENT_COMMAND: 'cat' },
      subscriptions: { counted: { secret: SECRET, prompt: 'event {action}' } },
      metrics,
    });
    harnessDb = harness.db;
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('counts the receiver requests by route template and the deliveries by outcome, and echoes a request id', async () => {
    const body = JSON.stringify({ action: 'opened' });
    const accepted = await harness.post('counted', body, {
      'x-hub-signature-256': githubSignature(SECRET, body),
      'x-request-id': 'sender-req-42',
    });
    expect(accepted.status).toBe(202);
    expect(accepted.headers.get('x-request-id')).toBe('sender-req-42');
    expect((await harness.post('counted', body, { 'x-hub-signature-256': 'sha256=00' })).status).toBe(401);
    expect((await harness.settled(String(accepted.body.delivery_id))).status).toBe('delivered');

    const text = await metrics.registry.metrics();
    expect(
      valueOf(
        text,
        'switchyard_http_request_duration_seconds_count{service="webhooks",method="POST",route="/webhooks/{route}",status_class="2xx"}',
      ),
    ).toBe(1);
    expect(
      valueOf(
        text,
        'switchyard_http_request_duration_seconds_count{service="webhooks",method="POST",route="/webhooks/{route}",status_class="4xx"}',
      ),
    ).toBe(1);
    expect(valueOf(text, 'switchyard_webhook_deliveries_total{route="counted",outcome="delivered"}')).toBe(1);
    // Accepted to delivered, once, in a bucket no later than the whole test took.
    expect(valueOf(text, 'switchyard_webhook_delivery_latency_seconds_count{route="counted"}')).toBe(1);
    expect(valueOf(text, 'switchyard_webhook_delivery_latency_seconds_bucket{le="+Inf",route="counted"}')).toBe(1);
    expect(valueOf(text, 'switchyard_webhook_delivery_latency_seconds_sum{route="counted"}')).toBeGreaterThanOrEqual(0);
    expect(text).not.toContain('route="/webhooks/counted"');
  });
});
