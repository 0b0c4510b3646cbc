import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReceiverHarness } from '../support/webhooks/receiver-harness.ts';
import { waitFor } from '../support/webhooks/wait-for.ts';

const SECRET = 'agent-secret';
const scratch = mkdtempSync(join(tmpdir(), 'switchyard-agent-'));
let harness: ReceiverHarness;

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);

    return true;
  } catch {
    return false;
  }
};

// The route names the behaviour: `slow` outlives its timeout through a grandchild holding stdout
// (it writes its process id first, so the test can see whether it was ended).
const COMMAND = [
  'case "$SWITCHYARD_WEBHOOK_ROUTE" in',
  `  slow) sh -c 'echo $$ > ${scratch}/slow.pid; exec sleep 120' | cat ;;`,
  `  env) env > ${scratch}/env.txt; echo reply ;;`,
  'esac',
].join('\n');

beforeAll(async () => {
  process.env.SWITCHYARD_TEST_LEAK_TOKEN = 'must-not-leak';
  harness = await ReceiverHarness.start({
    extra: { secret: SECRET, rate_limit: 1000 },
    env: { AGENT_COMMAND: COMMAND, AGENT_TIMEOUT_MS: '1000', AGENT_MODEL: 'm1', WEBHOOK_MAX_ATTEMPTS: '1' },
    subscriptions: { slow: {}, env: {} },
  });
}, 60_000);

afterAll(async () => {
  delete process.env.SWITCHYARD_TEST_LEAK_TOKEN;
  await harness?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('AGENT_COMMAND', () => {
  it('is ended, with whatever it started, when AGENT_TIMEOUT_MS passes', async () => {
    const accepted = await harness.postSigned('slow', { a: 1 }, SECRET);
    expect(accepted.status).toBe(202);
    const settled = await harness.settled(String(accepted.body.delivery_id), 60_000);
    expect(settled).toMatchObject({ status: 'failed', lastError: expect.stringContaining('no answer within 1000 ms') });
    // The grandchild would sleep two minutes: gone well before, it was ended with the command.
    const grandchild = Number(readFileSync(join(scratch, 'slow.pid'), 'utf8'));
    expect(grandchild).toBeGreaterThan(0);
    await waitFor(() => !isAlive(grandchild), 30_000, 'the grandchild ended');
  });

  it('runs in a clean environment: PATH, HOME, LANG, its AGENT_* settings and the route, no tokens', async () => {
    const accepted = await harness.postSigned('env', { a: 1 }, SECRET);
    expect(accepted.status).toBe(202);
    expect(await harness.settled(String(accepted.body.delivery_id))).toMatchObject({ status: 'delivered' });
    const names = readFileSync(join(scratch, 'env.txt'), 'utf8')
      .split('\n')
      .map((line) => line.split('=')[0])
      .filter((name) => name !== undefined && name !== '' && !['PWD', 'SHLVL', '_', 'OLDPWD'].includes(name));
    expect(names.sort()).toEqual(['AGENT_MODEL', 'HOME', 'LANG', 'PATH', 'SWITCHYARD_WEBHOOK_EVENT_TYPE', 'SWITCHYARD_WEBHOOK_ROUTE']);
  });
});
