import type { NewDelivery } from '@switchyard/db/webhooks/delivery-queue/new-delivery';
import type { Database } from '@switchyard/db/orm';
import type { Clock } from '../../clock.ts';
import type { Logger } from '../../logger.ts';
import type { DeliverMessage } from '../delivery/deliver-message.ts';
import type { PauseGate } from '../delivery/route-pause-gate.ts';
import type { RouteRateLimit } from '../delivery/route-rate-limit.ts';
import type { RouteTable } from '../routes/route-table.ts';
import type { WebhookEnv } from '../webhook-env.ts';

/** What the receiver's request handling is given: its own file, so the handler and the direct delivery both import it. */
export type WebhookPipeline = {
  /** Routes and the global settings, both reloaded when their files change. */
  routes: RouteTable;
  rateLimit: RouteRateLimit;
  db: Database;
  env: WebhookEnv;
  logger: Logger;
  scriptsDir: string;
  loadList: (path: string) => readonly unknown[];
  deliver: DeliverMessage;
  /** Which routes are paused, and whether they refuse events meanwhile. */
  pauses: PauseGate;
  /** Stores an accepted event for the worker; false when it is a duplicate. */
  enqueue: (delivery: NewDelivery) => Promise<boolean>;
  nudgeWorker: () => void;
  /** Lease owner of the deliveries this process performs inside the request (deliver-only). */
  inlineWorkerId: string;
  /** This process's lease lock key (lease-lock.ts), stored on the direct deliveries it leases. */
  inlineLockKey: () => number | null;
  clock: Clock;
};
