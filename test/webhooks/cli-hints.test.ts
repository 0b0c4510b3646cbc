import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_WEBHOOK_ENV, ReceiverHarness } from '../support/webhooks/receiver-harness.ts';
import { runCli } from '../support/webhooks/run-cli.ts';

/** One-line hints where users trip: a test event the route filters out, a second receiver. */
const SECRET = 'hints-secret';
let harness: ReceiverHarness;

beforeAll(async () => {
  harness = await ReceiverHarness.start({
    extra: { secret: SECRET },
    steppedWorker: true,
    subscriptions: {
      issues: { events: ['issues', 'pull_request'], deliver: 'log' },
      everything: { deliver: 'log' },
    },
  });
}, 60_000);

afterAll(async () => {
  await harness?.close();
});

const cli = (...args: string[]) => runCli(args, { SWITCHYARD_HOME: harness.home, ...harness.databaseEnv, ...FAST_WEBHOOK_ENV });

describe('webhook test on a route that filters events', () => {
  it('without --event names the events the route takes', async () => {
    const result = await cli('webhook', 'test', 'issues', '--wait', '0');
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'error: the route did not act on the event: it was ignored (event: test); "issues" takes only issues, pull_request: add --event issues',
    );
  }, 60_000);

  it('with an event the route takes, it is accepted', async () => {
    const result = await cli('webhook', 'test', 'issues', '--event', 'pull_request', '--wait', '0');
    expect(result.stdout).toContain('Response (202)');
    expect(result.stderr).not.toContain('takes only');
  }, 60_000);
});

describe('gateway run beside a running receiver', () => {
  it('says where the receiver runs in one line and exits 1, starting nothing', async () => {
    const result = await cli('gateway', 'run');
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr.trim()).toBe(
      `error: the webhook receiver already runs at ${harness.url} (process ${process.pid}, e.g. npm start); stop it before "switchyard gateway run"`,
    );
    expect(result.stdout).not.toContain('listening');
    // The running receiver still answers.
    const answer = await harness.postSigned('everything', { ok: true }, SECRET);
    expect(answer.status).toBe(202);
  }, 60_000);
});
