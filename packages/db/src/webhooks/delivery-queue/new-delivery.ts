/**
 * The webhook worker's queue: rows of webhook_delivery claimed with FOR UPDATE SKIP LOCKED under a
 * lease, so several workers (or a restarted one) never run the same delivery twice at once, and a
 * delivery whose worker died is picked up again when its lease runs out. All times come from the
 * database clock, so processes on different machines agree on them. One file per job: enqueue,
 * claim, lease, retry schedule, release, idempotency keys; this one holds what they share.
 */
import type { CodeHost } from '@switchyard/domain/webhooks/code-host';
import type { DeliveryMode } from '@switchyard/domain/webhooks/delivery-plan';
import type { DeliveryTarget } from '@switchyard/domain/webhooks/delivery-targets';

export type { DeliveryMode };

export type NewDelivery = {
  id: string;
  route: string;
  eventType: string;
  idempotencyKey: string;
  mode: DeliveryMode;
  target: DeliveryTarget;
  chatId: string | null;
  source: CodeHost | null;
  prompt: string;
  skills: readonly string[];
  payload: unknown;
  /** The payload already serialised (the request body as received), to skip serialising it again. */
  payloadJson?: string;
  maxAttempts: number;
  /** Agent runs of the route at once (the route's max_in_flight); absent: no cap beyond the worker's. */
  maxInFlight?: number | null;
  /** Deliveries with the same key (within the route) run one at a time, in the order accepted. */
  orderKey?: string | null;
  /** Days the payload and prompt are kept once the delivery is finished (default 30). */
  retentionDays?: number;
  /** The request's headers, already masked (stored-headers.ts); stored by the same insert. */
  headers?: Readonly<Record<string, string>> | null;
  /** Where the event came from, carried into the worker: the accepting request's id and trace context. */
  origin?: DeliveryOrigin;
};

/** The accepting request's id (for log lines) and W3C `traceparent` (for its trace), each null when unknown. */
export type DeliveryOrigin = { requestId: string | null; traceParent: string | null };

/** Days a finished delivery's payload and prompt are kept unless its route says otherwise. */
export const DEFAULT_RETENTION_DAYS = 30;

export type Lease = {
  workerId: string;
  leaseMs: number;
  /** The holder's lease lock (see lease-lock.ts); null or absent: the lease ends only when it runs out. */
  lockKey?: number | null;
};

export type Row = Record<string, unknown>;

const parseJson = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

export const receiptsOf = (value: unknown): string[] => {
  const parsed = parseJson(value);

  return Array.isArray(parsed) ? parsed.map(String) : [];
};
