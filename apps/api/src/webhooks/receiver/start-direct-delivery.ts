import type { Database } from '@switchyard/db/orm';
import type { Clock } from '../../clock.ts';
import { startInlineDelivery } from '@switchyard/db/webhooks/delivery-queue/enqueue';
import { findKeyHolder } from '@switchyard/db/webhooks/delivery-queue/idempotency-keys';
import type { Lease, NewDelivery } from '@switchyard/db/webhooks/delivery-queue/new-delivery';

export type DirectStart =
  /** Leased to this request; `sentParts` are the receipts of parts a failed attempt already sent. */
  | { kind: 'started'; sentParts: string[] }
  | { kind: 'duplicate' }
  /** An earlier attempt of the event is still running after the wait; its outcome is unknown. */
  | { kind: 'in_progress'; deliveryId: string };

const POLL_MS = 100;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Leases a direct delivery to the request. A sender retries when its own timeout passes, which
 * can be while its first request is still delivering: answering that retry "duplicate" would be a
 * guess, and if the first attempt then fails (502 to a request the sender gave up on) the event is
 * lost. So the retry waits up to `waitMs` for the running attempt: delivered means duplicate,
 * failed means this request delivers the event itself. An agent-mode row holding the key is a
 * plain duplicate, because the worker retries it. The waiting only happens on this rare path:
 * a first delivery costs the one insert it always did.
 */
export const startDirectDelivery = async (
  db: Database,
  delivery: NewDelivery,
  lease: Lease,
  waitMs: number,
  clock: Clock,
  /** Called once when the request starts waiting: a sender whose timeout is shorter than the target's answer. */
  onWait: (deliveryId: string) => void = () => undefined,
): Promise<DirectStart> => {
  const deadline = clock.now() + waitMs;
  let waiting = false;
  for (;;) {
    const started = await startInlineDelivery(db.fork(), delivery, lease);
    if (started !== null) {
      return { kind: 'started', sentParts: started.sentParts };
    }
    const holder = await findKeyHolder(db.fork(), delivery.idempotencyKey);
    if (holder.kind === 'delivered' || (holder.kind === 'unfinished' && holder.mode === 'agent')) {
      return { kind: 'duplicate' };
    }
    if (holder.kind === 'unfinished') {
      if (clock.now() >= deadline) {
        return { kind: 'in_progress', deliveryId: holder.id };
      }
      if (!waiting) {
        waiting = true;
        onWait(holder.id);
      }
      await pause(Math.min(POLL_MS, Math.max(0, deadline - clock.now())));
    }
  }
};
