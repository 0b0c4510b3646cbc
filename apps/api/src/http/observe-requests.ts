import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Logger } from '../logger.ts';
import type { Metrics } from '../ops/metrics/metrics.ts';
import { rememberRequest, runInRequest, type RequestContext } from './request-context.ts';
import { requestIdOf } from './request-id.ts';

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Wraps a service's handler, once for every HTTP server: the request gets its id (echoed in
 * `X-Request-Id`) and runs inside its context, so every log line written meanwhile carries the id
 * (logger.ts); the shell fills in the route's template and, where known, the tenant. Once answered,
 * the duration goes to the metrics and one access line to the log: service, method, route
 * template, status, duration, tenant. Never the path as sent or its query, which may hold a token.
 */
export const observeRequests = (options: {
  service: string;
  handler: RequestListener;
  logger: Logger;
  metrics?: Metrics | undefined;
}): RequestListener => {
  const { service, handler, logger, metrics } = options;

  return (req: IncomingMessage, res: ServerResponse) => {
    const started = process.hrtime.bigint();
    const context: RequestContext = { id: requestIdOf(req), service, route: 'unmatched' };
    res.setHeader('X-Request-Id', context.id);
    rememberRequest(req, context);
    res.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const method = KNOWN_METHODS.has(req.method ?? '') ? (req.method as string) : 'OTHER';
      metrics?.observeRequest({ service, method, route: context.route, status_class: `${Math.floor(res.statusCode / 100)}xx` }, seconds);
      logger.info(
        {
          request_id: context.id,
          service,
          method,
          route: context.route,
          status: res.statusCode,
          duration_ms: Math.round(seconds * 10_000) / 10,
          ...(context.tenant ? { tenant: context.tenant } : {}),
          ...(res.writableFinished ? {} : { aborted: true }),
        },
        'request',
      );
    });
    runInRequest(context, () => handler(req, res));
  };
};
