import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../logger.ts';

export type RunningServer = { url: string; port: number; close(): Promise<void> };

/**
 * Listens and, on close, stops taking connections, lets in-flight requests finish (up to a
 * grace period) and only then resolves, so the caller can close the database safely after it.
 */
export const startHttpServer = async (options: {
  name: string;
  host: string;
  port: number;
  handler: RequestListener;
  logger: Logger;
  gracePeriodMs?: number;
}): Promise<RunningServer> => {
  let inFlight = 0;
  let idle: (() => void) | null = null;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    inFlight++;
    res.on('close', () => {
      inFlight--;
      if (inFlight === 0) {
        idle?.();
      }
    });
    options.handler(req, res);
  });
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 30_000;
  server.requestTimeout = 5 * 60_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  options.logger.info({ service: options.name, url }, 'listening');

  return {
    url,
    port: address.port,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      if (inFlight > 0) {
        await Promise.race([
          new Promise<void>((resolve) => (idle = resolve)),
          new Promise<void>((resolve) => setTimeout(resolve, options.gracePeriodMs ?? 10_000).unref()),
        ]);
      }
      server.closeAllConnections();
      await closed;
    },
  };
};
