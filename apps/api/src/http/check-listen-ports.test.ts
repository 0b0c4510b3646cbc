import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { createReadiness } from '../ops/readiness.ts';
import { checkListenPorts } from './check-listen-ports.ts';
import { takeReservedPort } from './port-reservations.ts';
import { startHttpServer, type RunningServer } from './start-http-server.ts';

const HOST = '127.0.0.1';

/** Whether another program could bind the port now: resolves to the error code, or 'bound'. */
const bindFromElsewhere = (port: number): Promise<string> =>
  new Promise((resolve) => {
    const other = createServer();
    other.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    other.listen({ port, host: HOST, exclusive: true }, () => other.close(() => resolve('bound')));
  });

const unusedDatabase = {
  fork: () => {
    throw new Error('no database in this test');
  },
};

describe('checkListenPorts with 0 (any free port)', () => {
  let running: RunningServer | undefined;

  afterEach(async () => {
    await running?.close(0);
    running = undefined;
  });

  it('keeps the port it found bound until the service listens on it, so no other program takes it in between', async () => {
    const checked = await checkListenPorts([{ variable: 'CLAIMS_PORT', host: HOST, port: 0 }]);
    const port = checked.ports.get('CLAIMS_PORT');
    expect(checked.problems).toEqual([]);
    expect(port).toBeGreaterThan(0);

    expect(await bindFromElsewhere(port ?? 0)).toBe('EADDRINUSE');

    running = await startHttpServer({
      name: 'claims',
      host: HOST,
      port: port ?? 0,
      handler: (_req, res) => res.end('served'),
      logger: createLogger({ level: 'silent' }),
      readiness: createReadiness(unusedDatabase),
    });
    expect(running.port).toBe(port);
    expect(await (await fetch(`${running.url}/anything`)).text()).toBe('served');
    expect(takeReservedPort(HOST, port ?? 0)).toBeUndefined();
  });

  it('releases a configured port after the check, for the service to bind as usual', async () => {
    const probe = await checkListenPorts([{ variable: 'TRANSPORT_PORT', host: HOST, port: 0 }]);
    const free = probe.ports.get('TRANSPORT_PORT') ?? 0;
    takeReservedPort(HOST, free)?.close();

    const checked = await checkListenPorts([{ variable: 'TRANSPORT_PORT', host: HOST, port: free }]);

    expect(checked.problems).toEqual([]);
    expect(takeReservedPort(HOST, free)).toBeUndefined();
    expect(await bindFromElsewhere(free)).toBe('bound');
  });
});
