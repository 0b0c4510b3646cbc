import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';

/** What the process knows of the request it is serving, wherever the code is at the time. */
export type RequestContext = {
  readonly id: string;
  readonly service: string;
  /** The route's template (`/api/claims/{claim_number}`), never the path as sent. */
  route: string;
  tenant?: string;
};

const storage = new AsyncLocalStorage<RequestContext>();

export const currentRequest = (): RequestContext | undefined => storage.getStore();

/** The id of the request being served, for work it leaves to a worker (a queued mail, a delivery). */
export const currentRequestId = (): string | undefined => storage.getStore()?.id;

export const runInRequest = <T>(context: RequestContext, run: () => T): T => storage.run(context, run);

const byRequest = new WeakMap<IncomingMessage, RequestContext>();

/**
 * The context of a request by its object, for code that sees the request outside its
 * asynchronous context (the HTTP trace instrumentation, which names its span when the answer ends).
 */
export const requestContextOf = (req: IncomingMessage): RequestContext | undefined => byRequest.get(req);

export const rememberRequest = (req: IncomingMessage, context: RequestContext): void => {
  byRequest.set(req, context);
};

/** The shells name the route they hand a request to, for the metrics and the access line. */
export const nameRoute = (template: string): void => {
  const context = storage.getStore();
  if (context) {
    context.route = template;
  }
};

/**
 * Work a request left to a worker (a queued mail) runs under that request's id, so the worker's
 * lines about it name it; without one it runs outside any request.
 */
export const runAsWorkOf = <T>(requestId: string | null, run: () => T): T =>
  requestId === null ? storage.exit(run) : storage.run({ id: requestId, service: 'worker', route: '(worker)' }, run);

/** A worker woken by a request must not take that request's id into the rest of its work. */
export const outsideRequest = <T>(run: () => T): T => storage.exit(run);
