import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformAnswers, startFakePlatform, type FakePlatform } from '../support/webhooks/fake-platform.ts';
import { ReceiverHarness } from '../support/webhooks/receiver-harness.ts';
import { waitFor } from '../support/webhooks/wait-for.ts';

const SECRET = 'inflight-secret';
/** How long a retry waits for the attempt already running (WEBHOOK_INFLIGHT_WAIT_MS below). */
const WAIT_MS = 2500;

let slack: FakePlatform;
let harness: ReceiverHarness;
const logLines: string[] = [];

beforeAll(async () => {
  slack = await startFakePlatform(platformAnswers.slack);
  harness = await ReceiverHarness.start({
    logLines,
    extra: { rate_limit: 1000 },
    env: { SLACK_BOT_TOKEN: 'xoxb-inflight', SLACK_API_URL: slack.url, AGENT_COMMAND: 'cat', WEBHOOK_INFLIGHT_WAIT_MS: String(WAIT_MS) },
    subscriptions: {
      direct: { secret: SECRET, deliver: 'slack', deliver_only: true, deliver_extra: { chat_id: 'C1' }, prompt: 'event {n}' },
      queued: { secret: SECRET, deliver: 'log', prompt: 'agent {n}' },
    },
  });
}, 60_000);

afterAll(async () => {
  await harness?.close();
  await slack?.close();
});

const send = (route: string, payload: unknown, deliveryId: string) =>
  harness.postSigned(route, payload, SECRET, { 'x-github-delivery': deliveryId });

/**
 * Sends the event and waits until the target has received its request (the attempt is running).
 * The answer comes wrapped: an async function returning the bare promise would wait for it.
 */
const startFirstAttempt = async (route: string, payload: unknown, deliveryId: string) => {
  const before = slack.requests.length;
  const answer = send(route, payload, deliveryId);
  await waitFor(() => slack.requests.length > before, 10_000, 'the first attempt to reach the target');

  return { answer };
};

const WAIT_LINE = 'a sender retry waits for the running attempt of its event';
const waitLines = () => logLines.filter((line) => line.includes(WAIT_LINE)).length;

/** Sends the retry and returns once the receiver has logged that it waits for the running attempt. */
const sendWaitingRetry = async (route: string, payload: unknown, deliveryId: string) => {
  const before = waitLines();
  const retry = send(route, payload, deliveryId);
  await waitFor(() => waitLines() > before, 10_000, 'the retry to wait for the running attempt');

  return { retry };
};

describe('a sender retry while the first direct delivery of the event is still running', () => {
  it('waits for that attempt; when it fails (502), the retry delivers the event itself', async () => {
    const id = randomUUID();
    const before = slack.requests.length;
    slack.failNext(1, 502, { error: 'slow and failing' });
    slack.hold();
    const { answer: first } = await startFirstAttempt('direct', { n: 1 }, id);
    const { retry } = await sendWaitingRetry('direct', { n: 1 }, id);
    slack.release();

    expect(await first).toMatchObject({ status: 502, body: { status: 'error' } });
    const retried = await retry;
    expect(retried).toMatchObject({ status: 200, body: { status: 'delivered' } });
    // The failed attempt and the retry's own: the message reached the channel once.
    expect(slack.requests.slice(before).map((request) => (request.body as { text: string }).text)).toEqual(['event 1', 'event 1']);
    expect(await harness.delivery(String(retried.body.delivery_id))).toMatchObject({ status: 'delivered' });
    expect(await send('direct', { n: 1 }, id)).toMatchObject({ status: 200, body: { status: 'duplicate' } });
  });

  it('answers duplicate when the attempt it waited for succeeded, and sends nothing more', async () => {
    const id = randomUUID();
    const before = slack.requests.length;
    slack.hold();
    const { answer: first } = await startFirstAttempt('direct', { n: 2 }, id);
    let retryAnswered = false;
    const { retry } = await sendWaitingRetry('direct', { n: 2 }, id);
    void retry.finally(() => (retryAnswered = true));
    // Answering "duplicate" now would be a guess: the first attempt may still fail. The retry is
    // waiting (it said so), and the attempt is held, so it cannot have answered yet.
    expect(retryAnswered).toBe(false);
    slack.release();

    expect(await first).toMatchObject({ status: 200, body: { status: 'delivered' } });
    expect(await retry).toMatchObject({ status: 200, body: { status: 'duplicate' } });
    expect(slack.requests.length).toBe(before + 1);
  });

  it('answers 502 in_progress with Retry-After while the attempt runs longer than the wait, and nothing is lost', async () => {
    const id = randomUUID();
    slack.hold();
    const { answer: first } = await startFirstAttempt('direct', { n: 3 }, id);
    const waitedBefore = waitLines();
    const retry = await send('direct', { n: 3 }, id);
    // It waited for the attempt (the wait was logged) and gave up at the end of WAIT_MS.
    expect(waitLines()).toBe(waitedBefore + 1);
    expect(retry).toMatchObject({ status: 502, body: { status: 'in_progress' } });
    expect(Number(retry.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    slack.release();
    expect(await first).toMatchObject({ status: 200, body: { status: 'delivered' } });
    // The sender's next retry learns that the event went out.
    expect(await send('direct', { n: 3 }, id)).toMatchObject({ status: 200, body: { status: 'duplicate' } });
  }, 20_000);

  it('an agent-mode event held by the worker is still answered duplicate at once (the worker retries it)', async () => {
    const id = randomUUID();
    const accepted = await send('queued', { n: 4 }, id);
    expect(accepted.status).toBe(202);
    const waitedBefore = waitLines();
    expect(await send('queued', { n: 4 }, id)).toMatchObject({ status: 200, body: { status: 'duplicate' } });
    // Answered without waiting for anything.
    expect(waitLines()).toBe(waitedBefore);
  });
});
