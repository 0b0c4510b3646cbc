import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spawnService } from '../support/embedded/service-process.ts';
import { waitForExit } from '../support/webhooks/gateway-process.ts';

/**
 * A port another program holds, two services given one port, or a bootstrap administrator the
 * built-in provider would refuse: `npm start` says so in one `invalid configuration:` line on
 * stderr and exits 1, before the database opens or anything listens (nothing is written to
 * DATA_DIR, where the embedded database and the staff key would go).
 */
let held: Server;
let heldPort = 0;
let dataDir = '';

const holdAPort = (): Promise<Server> =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => resolve(server));
  });

const portOf = (server: Server): number => {
  const address = server.address();

  return typeof address === 'object' && address ? address.port : 0;
};

/** Starts the service with `env` and answers its exit code and stderr once it has stopped. */
const refusedStart = async (env: Record<string, string>) => {
  const { child, stderr } = spawnService({
    DATABASE_URL: process.env.DATABASE_URL,
    DATA_DIR: dataDir,
    SWITCHYARD_HOME: join(dataDir, 'home'),
    ...env,
  });
  await waitForExit(child);

  return {
    code: child.exitCode,
    lines: stderr()
      .split('\n')
      .filter((line) => line !== ''),
  };
};

const expectOneConfigurationLine = (lines: string[], ...parts: string[]) => {
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^invalid configuration: /);
  for (const part of parts) {
    expect(lines[0]).toContain(part);
  }
  // Nothing was opened or written: no embedded database, no staff key, no state directory.
  expect(readdirSync(dataDir)).toEqual([]);
};

beforeAll(async () => {
  held = await holdAPort();
  heldPort = portOf(held);
});

afterAll(async () => {
  await new Promise((resolve) => held.close(resolve));
});

afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('configuration problems found before anything listens', () => {
  it.each([
    ['CLAIMS_PORT', { TRANSPORT_PORT: '0' }],
    ['TRANSPORT_PORT', { CLAIMS_PORT: '0' }],
  ])('a %s another program holds is one line naming the port', async (variable, others) => {
    dataDir = mkdtempSync(join(tmpdir(), 'switchyard-config-'));
    const { code, lines } = await refusedStart({ ...others, [variable]: String(heldPort) });
    expect(code).toBe(1);
    expectOneConfigurationLine(lines, `${variable}: port ${heldPort} on 127.0.0.1 is already in use`);
  });

  it('the webhook receiver port another program holds is one line too (when the receiver is enabled)', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'switchyard-config-'));
    const { code, lines } = await refusedStart({
      CLAIMS_PORT: '0',
      TRANSPORT_PORT: '0',
      WEBHOOK_ENABLED: 'true',
      WEBHOOK_PORT: String(heldPort),
    });
    expect(code).toBe(1);
    expectOneConfigurationLine(lines, `WEBHOOK_PORT: port ${heldPort} on 127.0.0.1 is already in use`);
  });

  it('CLAIMS_PORT equal to TRANSPORT_PORT is one line naming both', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'switchyard-config-'));
    const { code, lines } = await refusedStart({ CLAIMS_PORT: '4001', TRANSPORT_PORT: '4001' });
    expect(code).toBe(1);
    expectOneConfigurationLine(lines, 'CLAIMS_PORT and TRANSPORT_PORT: both are port 4001');
  });

  it('CLAIMS_PORT equal to WEBHOOK_PORT is one line naming both', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'switchyard-config-'));
    const { code, lines } = await refusedStart({ CLAIMS_PORT: '4001', TRANSPORT_PORT: '0', WEBHOOK_PORT: '4001' });
    expect(code).toBe(1);
    expectOneConfigurationLine(lines, 'CLAIMS_PORT and WEBHOOK_PORT: both are port 4001');
  });

  it('the webhook port set in config.yaml equal to TRANSPORT_PORT is one line', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'switchyard-config-'));
    // The state directory lives elsewhere here, so that DATA_DIR is seen to stay empty.
    const home = mkdtempSync(join(tmpdir(), 'switchyard-config-home-'));
    try {
      mkdirSync(home, { recursive: true });
      writeFileSync(join(home, 'config.yaml'), 'platforms:\n  webhook:\n    enabled: true\n    extra:\n      port: 4002\n');
      const { code, lines } = await refusedStart({ CLAIMS_PORT: '0', TRANSPORT_PORT: '4002', SWITCHYARD_HOME: home });
      expect(code).toBe(1);
      expectOneConfigurationLine(lines, 'TRANSPORT_PORT and the webhook port in config.yaml: both are port 4002');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it.each([
    ['not-an-email', 'long-enough-password', 'BOOTSTRAP_ADMIN_EMAIL: email must be an email address'],
    ['admin@example.com', 'short', 'BOOTSTRAP_ADMIN_PASSWORD: password must be at least 6 characters'],
  ])('a bootstrap administrator %s / %s the checker refuses is one line', async (email, password, expected) => {
    dataDir = mkdtempSync(join(tmpdir(), 'switchyard-config-'));
    const { code, lines } = await refusedStart({
      CLAIMS_PORT: '0',
      TRANSPORT_PORT: '0',
      BOOTSTRAP_ADMIN_EMAIL: email,
      BOOTSTRAP_ADMIN_PASSWORD: password,
    });
    expect(code).toBe(1);
    expectOneConfigurationLine(lines, expected);
  });

  it('every problem at once is one line each, none a stack trace', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'switchyard-config-'));
    const { code, lines } = await refusedStart({
      CLAIMS_PORT: '4001',
      TRANSPORT_PORT: '4001',
      BOOTSTRAP_ADMIN_EMAIL: 'nobody',
      BOOTSTRAP_ADMIN_PASSWORD: 'long-enough-password',
    });
    expect(code).toBe(1);
    expect(lines).toEqual([
      'invalid configuration: BOOTSTRAP_ADMIN_EMAIL: email must be an email address',
      'invalid configuration: CLAIMS_PORT and TRANSPORT_PORT: both are port 4001; each service needs its own',
    ]);
  });
});
