import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An outside provider on loopback that holds every answer until the test releases it, so that a
 * request of the service under test stays in flight exactly as long as the test wants.
 */
export const startHeldProvider = async (answer: { status: number; body: unknown }) => {
  const held: ServerResponse[] = [];
  const waiting: (() => void)[] = [];
  const server = createServer((req, res) => {
    req.resume();
    held.push(res);
    waiting.splice(0).forEach((wake) => wake());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Resolves once a request has arrived and is being held. */
    arrived: () => (held.length > 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
    release: () => {
      for (const res of held.splice(0)) {
        res.writeHead(answer.status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
