import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Metrics } from '../ops/metrics/metrics.ts';
import { runInRequest, type RequestContext } from './request-context.ts';

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Wraps a service's handler once for every HTTP shell: the request runs inside its context (which
 * the shell fills in with the route's template) and, once answered, its duration is recorded under
 * service, method, route template and status class.
 */
export const observeRequests = (service: string, handler: RequestListener, metrics: Metrics | undefined): RequestListener =>
  (req: IncomingMessage, res: ServerResponse) => {
    const started = process.hrtime.bigint();
    const context: RequestContext = { service, route: 'unmatched' };
    res.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const method = KNOWN_METHODS.has(req.method ?? '') ? (req.method as string) : 'OTHER';
      metrics?.observeRequest({ service, method, route: context.route, status_class: `${Math.floor(res.statusCode / 100)}xx` }, seconds);
    });
    runInRequest(context, () => handler(req, res));
  };
