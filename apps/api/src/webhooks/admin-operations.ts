import type { SqlEntityManager } from '@mikro-orm/sql';
import { findDelivery, listRecentDeliveries } from '@switchyard/db/webhooks/delivery-history';
import { erasePayloadsMatching } from '@switchyard/db/webhooks/payload-retention';
import { replayDelivery, replayFailed } from '@switchyard/db/webhooks/replay';
import { failQueuedDeliveries, pauseRoute, readRouteBreaker, readRouteStates, resumeRoute } from '@switchyard/db/webhooks/route-state';
import { DELIVERY_STATUSES, type DeliveryStatus } from '@switchyard/domain/webhooks/delivery-status';
import { ROUTE_REMOVED } from './routes/route-removed.ts';
import { z } from 'zod';
import { presentDeliveryDetail, presentRouteBreaker, presentRouteState, summarizeDelivery } from './delivery/delivery-presenter.ts';

/**
 * What the CLI reads and changes in the webhook tables, one entry per operation with the schema of
 * its input, so that every command checks what it passes the same way.
 */
const since = z.string().datetime({ offset: true }).nullable().optional();

const operations = {
  deliveries: {
    input: z.object({
      route: z.string().optional(),
      status: z.enum(DELIVERY_STATUSES).optional(),
      since,
      limit: z.number().int().min(1).max(500),
    }),
    run: async (
      em: SqlEntityManager,
      input: { route?: string | undefined; status?: DeliveryStatus | undefined; since?: string | null | undefined; limit: number },
    ) => {
      const rows = await listRecentDeliveries(em, { ...input, since: input.since ? new Date(input.since) : undefined });
      // A queued delivery of a paused route is held by the pause, not waiting for its turn.
      const queuedRoutes = [...new Set(rows.filter((row) => row.status === 'queued').map((row) => row.route))];
      const pausedBy = new Map((await readRouteStates(em, queuedRoutes)).map((state) => [state.route, state.pausedBy]));

      return rows.map((row) => ({ ...summarizeDelivery(row), heldBy: row.status === 'queued' ? (pausedBy.get(row.route) ?? null) : null }));
    },
  },
  delivery: {
    input: z.object({ id: z.string().uuid() }),
    run: async (em: SqlEntityManager, input: { id: string }) => {
      const delivery = await findDelivery(em, input.id);

      return delivery === null ? null : summarizeDelivery(delivery);
    },
  },
  deliveryDetail: {
    input: z.object({ id: z.string().uuid() }),
    run: async (em: SqlEntityManager, input: { id: string }) => {
      const delivery = await findDelivery(em, input.id);
      if (delivery === null) {
        return null;
      }
      const pausedBy = delivery.status === 'queued' ? ((await readRouteStates(em, [delivery.route]))[0]?.pausedBy ?? null) : null;

      return presentDeliveryDetail(delivery, pausedBy);
    },
  },
  replay: {
    input: z.object({ id: z.string(), maxAttempts: z.number().int().min(1), asAccepted: z.boolean().optional() }),
    run: (em: SqlEntityManager, input: { id: string; maxAttempts: number; asAccepted?: boolean | undefined }) =>
      replayDelivery(em, input.id, input.maxAttempts, input.asAccepted === true),
  },
  replayFailed: {
    input: z.object({ route: z.string(), since, maxAttempts: z.number().int().min(1), asAccepted: z.boolean().optional() }),
    run: (
      em: SqlEntityManager,
      input: { route: string; since?: string | null | undefined; maxAttempts: number; asAccepted?: boolean | undefined },
    ) => replayFailed(em, input.route, input.since ? new Date(input.since) : null, input.maxAttempts, input.asAccepted === true),
  },
  erase: {
    input: z.object({ route: z.string(), path: z.string().min(1), value: z.string() }),
    run: (em: SqlEntityManager, input: { route: string; path: string; value: string }) =>
      erasePayloadsMatching(em, input.route, input.path, input.value),
  },
  resume: {
    input: z.object({ route: z.string() }),
    run: (em: SqlEntityManager, input: { route: string }) => resumeRoute(em, input.route),
  },
  routeRemoved: {
    input: z.object({ route: z.string() }),
    run: (em: SqlEntityManager, input: { route: string }) => failQueuedDeliveries(em, input.route, ROUTE_REMOVED),
  },
  pause: {
    input: z.object({ route: z.string(), reason: z.string().max(500).nullable(), rejectWhilePaused: z.boolean() }),
    run: (em: SqlEntityManager, input: { route: string; reason: string | null; rejectWhilePaused: boolean }) =>
      pauseRoute(em, input.route, input.reason, input.rejectWhilePaused),
  },
  routeStates: {
    input: z.object({ routes: z.array(z.string()).max(10_000) }),
    run: async (em: SqlEntityManager, input: { routes: string[] }) => (await readRouteStates(em, input.routes)).map(presentRouteState),
  },
  breaker: {
    input: z.object({ route: z.string() }),
    run: async (em: SqlEntityManager, input: { route: string }) => {
      const breaker = await readRouteBreaker(em, input.route);

      return breaker === null ? null : presentRouteBreaker(breaker);
    },
  },
} as const;

export type AdminOperations = typeof operations;
export type AdminOperationName = keyof AdminOperations;
export type AdminInput<N extends AdminOperationName> = Parameters<AdminOperations[N]['run']>[1];
export type AdminResult<N extends AdminOperationName> = Awaited<ReturnType<AdminOperations[N]['run']>>;

/** Runs an operation on `em` after checking its input (which may have come over HTTP). */
export const runAdminOperation = async <N extends AdminOperationName>(
  em: SqlEntityManager,
  name: N,
  input: unknown,
): Promise<AdminResult<N>> => {
  const operation = operations[name];
  const parsed = operation.input.parse(input);

  return (await (operation.run as (em: SqlEntityManager, input: unknown) => Promise<unknown>)(em, parsed)) as AdminResult<N>;
};
