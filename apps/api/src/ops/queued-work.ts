import { currentRequestId, runAsWorkOf } from '../http/request-context.ts';
import { traceHooks, type WorkSpan } from './tracing/trace-hooks.ts';

/** Where queued work came from: the request's id (for log lines) and its trace context, null when unknown. */
export type WorkOrigin = { requestId: string | null; traceParent: string | null };

/** The origin of work queued now, to store with it: the request being served, if any. */
export const originOfQueuedWork = (): WorkOrigin => ({
  requestId: currentRequestId() ?? null,
  traceParent: traceHooks().currentTraceParent(),
});

/**
 * Runs queued work as a continuation of the request that queued it: every log line written
 * meanwhile carries the request's id, and its span (with its outgoing calls and statements) joins
 * the request's trace. Work without an origin runs outside any request, in a trace of its own.
 */
export const continueQueuedWork = <T>(origin: WorkOrigin, span: WorkSpan, run: () => Promise<T>): Promise<T> =>
  runAsWorkOf(origin.requestId, () => traceHooks().continueTrace(origin.traceParent, span, run));
