/** What the gateway's primary process tells an HTTP process. */
export type PrimaryMessage =
  | { kind: 'start'; adminToken: string }
  /** `granted` below `wanted` means the route's allowance is spent until `retryAfterSeconds`. */
  /** `uncounted`: the count could not be reached, so nothing was granted (answered 503, not 429). */
  | { kind: 'rate-granted'; route: string; wanted: number; granted: number; retryAfterSeconds: number; takenAt: number; uncounted?: true }
  | { kind: 'stop' };

/** What an HTTP process tells the primary. */
export type WorkerMessage =
  /** Sent once the process listens for messages: anything sent before would be lost. */
  | { kind: 'ready' }
  | { kind: 'listening'; port: number; routes: number }
  | { kind: 'failed'; code: string | null; message: string }
  | { kind: 'rate-take'; route: string; limit: number; wanted: number }
  | { kind: 'rate-return'; route: string; count: number; takenAt: number }
  | { kind: 'nudge' };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const PRIMARY_KINDS = new Set(['start', 'rate-granted', 'stop']);
const WORKER_KINDS = new Set(['ready', 'listening', 'failed', 'rate-take', 'rate-return', 'nudge']);

export const isPrimaryMessage = (value: unknown): value is PrimaryMessage => isObject(value) && PRIMARY_KINDS.has(String(value.kind));

export const isWorkerMessage = (value: unknown): value is WorkerMessage => isObject(value) && WORKER_KINDS.has(String(value.kind));
