import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../logger.ts';
import { answerProbe } from '../ops/probes.ts';
import type { Readiness } from '../ops/readiness.ts';
import type { Metrics } from '../ops/metrics/metrics.ts';
import { observeRequests } from './observe-requests.ts';
import { takeReservedPort } from './port-reservations.ts';

export type RunningServer = {
  url: string;
  port: number;
  /**
   * Drains and stops: keeps listening (probes answer "not ready" meanwhile) until no request is in
   * flight or `graceMs` has passed, then stops taking connections, cuts what is left and resolves,
   * so the caller can close the database safely after it.
   */
  close(graceMs?: number): Promise<void>;
};

/**
 * Listens; `/livez` and `/readyz` are answered here for every service, before the service's own
 * handling (and its refusal of plain HTTP in production) and outside the in-flight count.
 */
export const startHttpServer = async (options: {
  name: string;
  host: string;
  port: number;
  handler: RequestListener;
  logger: Logger;
  readiness: Readiness;
  metrics?: Metrics | undefined;
  gracePeriodMs?: number;
}): Promise<RunningServer> => {
  const { readiness } = options;
  const handler = observeRequests({ service: options.name, handler: options.handler, logger: options.logger, metrics: options.metrics });
  let inFlight = 0;
  let idle: (() => void) | null = null;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (answerProbe(req, res, readiness)) {
      return;
    }
    if (readiness.draining) {
      // A client on a kept-alive connection goes elsewhere for its next request.
      res.setHeader('Connection', 'close');
    }
    readiness.track(res);
    inFlight++;
    res.on('close', () => {
      inFlight--;
      if (inFlight === 0) {
        idle?.();
      }
    });
    handler(req, res);
  });
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 30_000;
  server.requestTimeout = 5 * 60_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    const listening = () => {
      server.off('error', reject);
      resolve();
    };
    // A port the startup check found for a 0 is still bound: take that socket over rather than bind again.
    const reserved = takeReservedPort(options.host, options.port);
    if (reserved) {
      server.listen(reserved, listening);
    } else {
      server.listen(options.port, options.host, listening);
    }
  });
  // The reserved socket was held without keeping the process alive; a listening service does keep it.
  server.ref();
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  options.logger.info({ service: options.name, url }, 'listening');

  return {
    url,
    port: address.port,
    close: async (graceMs = options.gracePeriodMs ?? 10_000) => {
      if (inFlight > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          new Promise<void>((resolve) => (idle = resolve)),
          new Promise<void>((resolve) => {
            timer = setTimeout(resolve, graceMs);
          }),
        ]);
        clearTimeout(timer);
      }
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
};
