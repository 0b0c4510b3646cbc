import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../../logger.ts';
import type { Metrics } from './metrics.ts';

/**
 * The ops listener: `GET /metrics` in Prometheus' text format, on its own address (loopback by
 * default), apart from the services' ports, so it is never exposed with them.
 */
export const startOpsListener = async (options: { host: string; port: number; metrics: Metrics; logger: Logger }) => {
  const { registry } = options.metrics;
  const server = createServer((req, res) => {
    req.resume();
    if (req.url !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');

      return;
    }
    registry
      .metrics()
      .then((text) => res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }).end(text))
      .catch((error: unknown) => {
        options.logger.error({ err: (error as Error).message }, 'collecting metrics failed');
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics unavailable\n');
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  options.logger.info({ service: 'ops', url }, 'metrics listening');

  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
