import type { WebhookDelivery } from '@switchyard/db/webhooks/entities';
import type { RouteBreakerRow, RouteStateRow } from '@switchyard/db/webhooks/route-state';
import type { PausedBy } from '@switchyard/domain/webhooks/route-pause';

/** A delivery as `webhook deliveries` and `GET /deliveries` show it: prompts and payloads stay out. */
export type DeliverySummary = {
  id: string;
  route: string;
  eventType: string;
  mode: string;
  target: string;
  status: string;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  resultRef: string | null;
  createdAt: string;
  finishedAt: string | null;
  /** A queued delivery whose route is paused: 'hand' or 'breaker'; null otherwise. */
  heldBy: PausedBy | null;
};

/** `heldBy` is the caller's to fill: it comes from the route's state, not the row. */
export const summarizeDelivery = (row: WebhookDelivery): DeliverySummary => ({
  id: row.id,
  route: row.route,
  eventType: row.eventType,
  mode: row.mode,
  target: row.target,
  status: row.status,
  attempts: row.attempts,
  maxAttempts: row.maxAttempts,
  lastError: row.lastError ?? null,
  resultRef: row.resultRef ?? null,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  heldBy: null,
});

/** A route's breaker as `webhook resume --status` shows it. */
export type RouteBreakerState = { route: string; failures: number; pausedAt: string | null; reason: string | null };

export const presentRouteBreaker = (row: RouteBreakerRow): RouteBreakerState => ({
  route: row.route,
  failures: Number(row.consecutive_failures),
  pausedAt: row.paused_at === null ? null : new Date(row.paused_at).toISOString(),
  reason: typeof row.paused_reason === 'string' ? row.paused_reason : null,
});

/** A route's state as `webhook list` shows it (times as ISO text, so it travels as JSON). */
export type RouteStateSummary = {
  route: string;
  pausedAt: string | null;
  pausedBy: PausedBy | null;
  pausedReason: string | null;
  rejectWhilePaused: boolean;
  consecutiveFailures: number;
  queued: number;
  lastDelivery: { status: string; finishedAt: string | null; error: string | null } | null;
};

export const presentRouteState = (row: RouteStateRow): RouteStateSummary => ({
  route: row.route,
  pausedAt: row.pausedAt?.toISOString() ?? null,
  pausedBy: row.pausedBy,
  pausedReason: row.pausedReason,
  rejectWhilePaused: row.rejectWhilePaused,
  consecutiveFailures: row.failures,
  queued: row.queued,
  lastDelivery: row.last === null ? null : { status: row.last.status, finishedAt: row.last.finishedAt?.toISOString() ?? null, error: row.last.error },
});
