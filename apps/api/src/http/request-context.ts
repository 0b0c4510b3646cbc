import { AsyncLocalStorage } from 'node:async_hooks';

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
