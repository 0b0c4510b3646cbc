import { randomBytes } from 'node:crypto';
import type { Database } from '@switchyard/db/orm';
import type { DeliveryAttempt } from '@switchyard/db/webhooks/delivery-queue/attempt-log';
import { claimDueDeliveries, type ClaimedDelivery } from '@switchyard/db/webhooks/delivery-queue/claim';
import { purgeExpiredKeys } from '@switchyard/db/webhooks/delivery-queue/idempotency-keys';
import { applyCurrentRoute, extendLease, saveAgentReply } from '@switchyard/db/webhooks/delivery-queue/lease';
import type { Lease } from '@switchyard/db/webhooks/delivery-queue/new-delivery';
import { markDelivered, markFailed } from '@switchyard/db/webhooks/delivery-queue/release';
import { scheduleRetry } from '@switchyard/db/webhooks/delivery-queue/retry-schedule';
import { eraseExpiredPayloads } from '@switchyard/db/webhooks/payload-retention';
import { holdLeaseLock, takeBackAllLeases, type LeaseLock } from '@switchyard/db/webhooks/lease-lock';
import { planDelivery, progressUnderPlan } from '@switchyard/domain/webhooks/delivery-plan';
import type { WebhookRoute } from '@switchyard/domain/webhooks/route-definition';
import { IDEMPOTENCY_TTL_MS } from '@switchyard/domain/webhooks/idempotency-key';
import { retryDelayMs } from '@switchyard/domain/webhooks/retry-backoff';
import type { Logger } from '../../logger.ts';
import type { RunAgent } from './agent-runner.ts';
import { DeliveryError } from './delivery-error.ts';
import type { DeliverMessage } from './deliver-message.ts';
import { createPauseWatch } from './pause-watch.ts';
import { createRouteBreaker } from './route-breaker.ts';
import { ROUTE_REMOVED } from '../routes/route-removed.ts';
import { sentPartsRecorder } from './sent-parts-recorder.ts';
import { loadSkillInstructions, UnknownSkillError } from '../routes/skills.ts';
import type { WebhookEnv } from '../webhook-env.ts';
import type { Metrics } from '../../ops/metrics/metrics.ts';
import type { Clock } from '../../clock.ts';
import { afterFailure, keepLeaseAlive, startLeaseWorker, type LeaseWorker } from '../../work-queue/lease-worker.ts';
import { continueQueuedWork } from '../../ops/queued-work.ts';

/**
 * The delivery queue's worker on the shared lease engine: `runOnce()` (one claim and the runs it
 * started, awaited) and `drain()` (until nothing is due) are how a stepped worker (`stepped: true`)
 * advances; a polling worker does the same on its own. `stop` waits for running deliveries (up to
 * `graceMs`); unfinished leases expire and are retried.
 */
export type DeliveryWorker = LeaseWorker;

/** The routes as they are now, looked up when a delivery runs. */
export type CurrentRoutes = { lookup(name: string): WebhookRoute | undefined };

export type DeliveryWorkerOptions = {
  db: Database;
  env: WebhookEnv;
  logger: Logger;
  skillsDir: string;
  runAgent: RunAgent;
  deliver: DeliverMessage;
  routes: CurrentRoutes;
  /** No polling loop: deliveries run only when runOnce() is called (tests step the worker). */
  stepped?: boolean;
  /** The process's metrics when the ops listener is on: attempts counted by outcome. */
  metrics?: Metrics | undefined;
  clock: Clock;
};

const SILENT_REPLY = '[SILENT]';

const describe = (error: unknown): { message: string; permanent: boolean; retryAfterMs: number | null } => {
  if (error instanceof DeliveryError) {
    return { message: error.message, permanent: error.permanent, retryAfterMs: error.retryAfterMs };
  }
  if (error instanceof UnknownSkillError) {
    return { message: error.message, permanent: true, retryAfterMs: null };
  }

  return { message: `internal error: ${(error as Error).message ?? String(error)}`.slice(0, 500), permanent: false, retryAfterMs: null };
};

export const startDeliveryWorker = (options: DeliveryWorkerOptions): DeliveryWorker => {
  const { db, env, logger, clock } = options;
  const workerId = `worker-${process.pid}-${randomBytes(4).toString('hex')}`;
  const lease: Lease = { workerId, leaseMs: env.WEBHOOK_LEASE_MS, lockKey: null };
  const pauseWatch = createPauseWatch(db, logger);
  const watchPauses = (): Promise<void> =>
    pauseWatch.check().catch((error: unknown) => logger.warn({ err: (error as Error).message }, 'paused webhook routes not read'));
  const breaker = createRouteBreaker({ db, logger, deliver: options.deliver, threshold: env.WEBHOOK_BREAKER_FAILURES });

  /**
   * The job as its route is now: target, chat id, prompt, skills and mode rendered from the route's
   * current settings with the stored payload, written to the row. Null when the route is gone (the
   * delivery is failed) or the lease was lost.
   */
  const followRoute = async (job: ClaimedDelivery, log: Logger): Promise<ClaimedDelivery | null> => {
    if (!job.followsRoute) {
      return job;
    }
    const route = options.routes.lookup(job.route);
    if (route === undefined) {
      await markFailed(db.fork(), job.id, workerId, ROUTE_REMOVED);
      log.warn({ error: ROUTE_REMOVED }, 'webhook delivery failed: its route is no longer served');

      return null;
    }
    const plan = planDelivery(route, job.payload);
    const progress = progressUnderPlan(job, plan);
    const current = { ...job, ...plan, ...progress };
    if (!(await applyCurrentRoute(db.fork(), job.id, workerId, current))) {
      return null;
    }

    return current;
  };

  // As a continuation of the request that accepted the event: its id on every line, its trace.
  const runJob = (claimed: ClaimedDelivery): Promise<void> =>
    continueQueuedWork(
      claimed.origin,
      {
        name: 'webhook delivery',
        attributes: {
          'switchyard.webhook.route': claimed.route,
          'switchyard.webhook.delivery_id': claimed.id,
          'switchyard.webhook.attempt': claimed.attempts,
        },
      },
      () => runClaimed(claimed),
    );

  const runClaimed = async (claimed: ClaimedDelivery): Promise<void> => {
    const log = logger.child({ delivery_id: claimed.id, route: claimed.route, attempt: claimed.attempts });
    if (claimed.unreadable !== null) {
      // Named by its id only: the payload is what could not be read, and may hold anything.
      await markFailed(db.fork(), claimed.id, workerId, `unreadable delivery: ${claimed.unreadable}`);
      log.error({ error: claimed.unreadable }, 'unreadable delivery: marked failed');

      return;
    }
    if (claimed.attempts > claimed.maxAttempts) {
      // Only reached through an expired lease: the process that made the last attempt died during it.
      await markFailed(db.fork(), claimed.id, workerId, 'interrupted: the process stopped during the last attempt');
      log.warn('webhook delivery failed: interrupted during its last attempt');

      return;
    }
    const job = await followRoute(claimed, log);
    if (job === null) {
      return;
    }
    const stopHeartbeat = keepLeaseAlive(
      () => extendLease(db.fork(), job.id, lease),
      Math.max(50, Math.floor(env.WEBHOOK_LEASE_MS / 3)),
      (error: unknown) => log.warn({ err: (error as Error).message }, 'lease not extended'),
    );
    // Whether a failure came from the target itself, which is what the route's breaker counts.
    let atTarget = false;
    const startedAt = clock.now();
    const attempt = (status: DeliveryAttempt['status'], error: string | null): DeliveryAttempt => ({
      startedAt: new Date(startedAt).toISOString(),
      target: job.target,
      status,
      durationMs: clock.now() - startedAt,
      error,
    });
    try {
      let text = job.prompt;
      if (job.mode === 'agent') {
        text =
          job.agentReply ??
          (await options.runAgent({
            route: job.route,
            eventType: job.eventType,
            skillInstructions: loadSkillInstructions(options.skillsDir, job.skills),
            prompt: job.prompt,
          }));
        if (job.agentReply === null) {
          await saveAgentReply(db.fork(), job.id, workerId, text);
        }
      }
      let receipt: string | null = 'silent';
      if (text.trim() !== SILENT_REPLY) {
        atTarget = true;
        receipt = await options.deliver({
          deliveryId: job.id,
          route: job.route,
          target: job.target,
          chatId: job.chatId,
          text,
          payload: job.payload,
          source: job.source,
          sentParts: job.sentParts,
          recordSentParts: sentPartsRecorder(db, job.id, workerId, log),
        });
        atTarget = false;
        await breaker.succeeded(job);
      }
      await markDelivered(db.fork(), job.id, workerId, {
        resultRef: receipt,
        keyTtlMs: IDEMPOTENCY_TTL_MS,
        attempt: attempt('delivered', null),
      });
      options.metrics?.deliveries.inc({ route: job.route, outcome: 'delivered' });
      options.metrics?.deliveryLatency.observe({ route: job.route }, (Date.now() - job.acceptedAt.getTime()) / 1000);
      log.info({ target: job.target }, 'webhook delivered');
    } catch (error) {
      const failure = describe(error);
      if (atTarget) {
        await breaker
          .failed(job, failure.message)
          .catch((breakerError: unknown) => log.warn({ err: (breakerError as Error).message }, 'breaker not updated'));
      }
      const step = afterFailure({ attempts: job.attempts, maxAttempts: job.maxAttempts, permanent: failure.permanent }, (attempts) =>
        retryDelayMs(attempts, { baseMs: env.WEBHOOK_RETRY_BASE_MS, maxMs: env.WEBHOOK_RETRY_MAX_MS }, Math.random(), failure.retryAfterMs),
      );
      if (step.kind === 'give_up') {
        const reason = step.exhausted ? `gave up after ${job.attempts} attempts: ${failure.message}` : failure.message;
        await markFailed(db.fork(), job.id, workerId, reason, attempt('failed', failure.message));
        options.metrics?.deliveries.inc({ route: job.route, outcome: 'failed' });
        log.warn({ error: reason }, 'webhook delivery failed');
      } else {
        const { delayMs } = step;
        await scheduleRetry(db.fork(), job.id, workerId, {
          error: failure.message,
          delayMs,
          attempt: attempt('retrying', failure.message),
        });
        options.metrics?.deliveries.inc({ route: job.route, outcome: 'retry' });
        log.info(
          { error: failure.message, retry_in_ms: delayMs, target_asked_ms: failure.retryAfterMs },
          'webhook delivery will be retried',
        );
      }
    } finally {
      stopHeartbeat();
    }
  };

  let leaseLock: LeaseLock | null = null;

  /**
   * Before the first claim: on PostgreSQL the lease lock whose key marks this worker's rows; in the
   * owner of the embedded database, every lease left running is taken back at once: its owner
   * starts before any client, so whatever is still running was left by a process that stopped.
   */
  const prepare = async (stopped: () => boolean, sleep: (ms: number) => Promise<void>): Promise<boolean> => {
    for (;;) {
      try {
        const lock = await holdLeaseLock(db, (error) =>
          logger.warn({ err: error.message }, 'webhook lease lock connection lost; taking the lock again'),
        );
        lease.lockKey = lock.key;
        if (db.kind === 'pglite' && (db.embedded === undefined || db.embedded.owner)) {
          const taken = await takeBackAllLeases(db.fork());
          if (taken > 0) {
            logger.info({ deliveries: taken }, 'webhook deliveries interrupted by a stop taken back');
          }
        }
        leaseLock = lock;

        return true;
      } catch (error) {
        if (stopped()) {
          return false;
        }
        logger.error({ err: (error as Error).message }, 'webhook worker could not start; trying again');
        await sleep(env.WEBHOOK_WORKER_POLL_MS);
      }
    }
  };

  return startLeaseWorker<ClaimedDelivery>({
    claim: (limit) => claimDueDeliveries(db.fork(), lease, limit),
    run: runJob,
    concurrency: env.WEBHOOK_WORKER_CONCURRENCY,
    pollMs: env.WEBHOOK_WORKER_POLL_MS,
    clock,
    prepare,
    beforeClaim: { everyMs: env.WEBHOOK_WORKER_POLL_MS, run: watchPauses },
    idleChores: [
      {
        everyMs: env.WEBHOOK_RETENTION_SWEEP_MS,
        run: async () => {
          await purgeExpiredKeys(db.fork());
          const erased = await eraseExpiredPayloads(db.fork());
          if (erased > 0) {
            logger.info({ deliveries: erased }, 'webhook payloads past their retention erased');
          }
        },
      },
    ],
    crashed: (job, error) => logger.error({ err: (error as Error).message, delivery_id: job.id }, 'webhook job crashed'),
    claimFailed: (error) => logger.error({ err: (error as Error).message }, 'webhook worker could not claim deliveries'),
    stopped: async () => {
      await leaseLock?.release();
    },
    stepped: options.stepped === true,
  });
};
