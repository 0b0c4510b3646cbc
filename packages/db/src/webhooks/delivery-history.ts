import type { SqlEntityManager } from '@mikro-orm/sql';
import { WebhookDelivery } from './entities.ts';

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

const summarize = (row: WebhookDelivery): DeliverySummary => ({
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

/** Recent deliveries, newest first, for `webhook deliveries`. Prompts and payloads stay out. */
export const listRecentDeliveries = async (
  em: SqlEntityManager,
  filter: { route?: string | undefined; status?: string | undefined; since?: Date | undefined; limit: number },
): Promise<DeliverySummary[]> => {
  const where: Record<string, unknown> = {};
  if (filter.route !== undefined) {
    where.route = filter.route;
  }
  if (filter.status !== undefined) {
    where.status = filter.status;
  }
  if (filter.since !== undefined) {
    where.createdAt = { $gte: filter.since };
  }
  const rows = await em.find(WebhookDelivery, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: filter.limit });

  return rows.map(summarize);
};

/** One delivery by id, for tests and for the CLI. */
export const findDelivery = async (em: SqlEntityManager, id: string): Promise<DeliverySummary | null> => {
  const row = await em.findOne(WebhookDelivery, { id });

  return row === null ? null : summarize(row);
};
