import type { WebhookDelivery } from '@switchyard/db/webhooks/entities';
import type { RouteBreakerRow, RouteStateRow } from '@switchyard/db/webhooks/route-state';
import type { CodeHost } from '@switchyard/domain/webhooks/code-host';
import type { DeliveryMode } from '@switchyard/domain/webhooks/delivery-plan';
import type { DeliveryStatus } from '@switchyard/domain/webhooks/delivery-status';
import type { DeliveryTarget } from '@switchyard/domain/webhooks/delivery-targets';
import type { PausedBy } from '@switchyard/domain/webhooks/route-pause';

/** A delivery as `webhook deliveries` and `GET /deliveries` show it: prompts and payloads stay out. */
export type DeliverySummary = {
  id: string;
  route: string;
  eventType: string;
  mode: DeliveryMode;
  target: DeliveryTarget;
  status: DeliveryStatus;
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
  lastDelivery:
    row.last === null ? null : { status: row.last.status, finishedAt: row.last.finishedAt?.toISOString() ?? null, error: row.last.error },
});

/** One attempt as `webhook deliveries show --json` gives it (attempt_log). */
export type AttemptDetail = {
  startedAt: string;
  target: string;
  status: 'delivered' | 'retrying' | 'failed';
  durationMs: number;
  error: string | null;
};

/**
 * One delivery in full, for `webhook deliveries show`: the summary's fields and what was received
 * and sent. `payload`, `headers`, `prompt` and `reply` are null once `erased` (retention or
 * `webhook erase`); `headers` is null too for deliveries accepted before headers were kept.
 */
export type DeliveryDetail = DeliverySummary & {
  chatId: string | null;
  source: CodeHost | null;
  replayOf: string | null;
  followsRoute: boolean;
  erased: boolean;
  erasedAt: string | null;
  headers: Record<string, string> | null;
  payload: unknown;
  /** The rendered prompt (agent) or message (deliver_only) the delivery last ran with. */
  prompt: string | null;
  /** The agent's reply; null for direct deliveries and before the agent answered. */
  reply: string | null;
  attemptLog: AttemptDetail[];
};

const ATTEMPT_STATUSES = new Set(['delivered', 'retrying', 'failed']);

const isAttempt = (value: unknown): value is AttemptDetail => {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const entry = value as Record<string, unknown>;

  return (
    typeof entry.startedAt === 'string' &&
    typeof entry.target === 'string' &&
    typeof entry.status === 'string' &&
    ATTEMPT_STATUSES.has(entry.status) &&
    typeof entry.durationMs === 'number' &&
    (entry.error === null || typeof entry.error === 'string')
  );
};

export const presentDeliveryDetail = (row: WebhookDelivery, heldBy: PausedBy | null): DeliveryDetail => {
  const erased = row.erasedAt !== null && row.erasedAt !== undefined;
  const attempts: unknown = row.attemptLog;

  return {
    ...summarizeDelivery(row),
    heldBy,
    chatId: row.chatId ?? null,
    source: row.source ?? null,
    replayOf: row.replayOf ?? null,
    followsRoute: row.followsRoute,
    erased,
    erasedAt: erased ? (row.erasedAt as Date).toISOString() : null,
    headers: erased ? null : (row.headers ?? null),
    payload: erased ? null : row.payload,
    prompt: erased ? null : row.prompt,
    reply: erased ? null : (row.agentReply ?? null),
    attemptLog: Array.isArray(attempts) ? attempts.filter(isAttempt) : [],
  };
};
