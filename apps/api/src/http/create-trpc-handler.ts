import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AnyTRPCRouter, inferRouterContext } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import type { Logger } from '../logger.ts';
import type { ErrorLayer } from './error-layer.ts';
import { MAX_JSON_BYTES } from './max-json-bytes.ts';

/**
 * A call without input (a mutation of no arguments) comes with an empty body, which the fetch
 * adapter would read with `json()` and refuse as "Unexpected end of JSON input"; read as text
 * first, an empty body is no input, as the tRPC client means it. Anything else parses as before
 * (bad JSON still throws, an oversized body is still 413).
 */
const emptyBodyIsNoInput = (request: Request): Request =>
  new Proxy(request, {
    get: (target, property) => {
      if (property === 'json') {
        return async (): Promise<unknown> => {
          const text = await target.text();

          return text === '' ? undefined : (JSON.parse(text) as unknown);
        };
      }
      const value: unknown = Reflect.get(target, property, target);

      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });

/**
 * The `/trpc/` endpoint of a service, through tRPC's fetch adapter. The request is made from the
 * node request by tRPC's own conversion, which counts the body while it streams in (over
 * MAX_JSON_BYTES is 413), as the fetch adapter alone does not. The status of an error comes from
 * the router's error formatter (the service's error layer); the headers (`Retry-After`) from the
 * same layer, so a refusal answers here as it does on the REST paths.
 */
export const createTrpcHandler =
  <TRouter extends AnyTRPCRouter>(options: {
    router: TRouter;
    createContext: (req: IncomingMessage) => inferRouterContext<TRouter> | Promise<inferRouterContext<TRouter>>;
    errors: ErrorLayer;
    logger: Logger;
  }) =>
  (req: IncomingMessage, res: ServerResponse): Promise<Response> =>
    fetchRequestHandler({
      router: options.router,
      endpoint: '/trpc',
      req: emptyBodyIsNoInput(incomingMessageToRequest(req, res, { maxBodySize: MAX_JSON_BYTES })),
      createContext: () => options.createContext(req),
      // tRPC leaves out the content type of a refusal it makes before any call (a wrong content
      // type); every error answer is JSON, and like the REST answers never stored by a cache.
      responseMeta: ({ errors }) =>
        errors.length > 0
          ? { headers: { ...options.errors.headersOfErrors(errors), 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } }
          : {},
      onError: ({ error }) => {
        if (options.errors.describe(error).unexpected) {
          options.logger.error({ err: error }, 'trpc call failed');
        }
      },
    });
