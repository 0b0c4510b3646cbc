import type { WebhookDelivery } from '@switchyard/db/webhooks/entities';
import type { RouteBreakerRow } from '@switchyard/db/webhooks/route-state';

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
};

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
});

/** A route's breaker as `webhook resume --status` shows it. */
export type RouteBreakerState = { route: string; failures: number; pausedAt: string | null; reason: string | null };

export const presentRouteBreaker = (row: RouteBreakerRow): RouteBreakerState => ({
  route: row.route,
  failures: Number(row.consecutive_failures),
  pausedAt: row.paused_at === null ? null : new Date(row.paused_at).toISOString(),
  reason: typeof row.paused_reason === 'string' ? row.paused_reason : null,
});
