import type { SqlEntityManager } from '@mikro-orm/sql';
import { sql } from 'kysely';
import { db, type TableRow } from './kysely.ts';

export type QueueReading = Pick<TableRow<'webhook_delivery'>, 'route' | 'status'> & { depth: number; oldest_at: Date | null };
export type OutboxReading = Pick<TableRow<'mail_outbox'>, 'source'> & { depth: number; oldest_at: Date | null };

/**
 * What the metrics endpoint shows of the queues: a handful of grouped counts, read together every
 * so often (never per scrape). Each group is bounded by the routes, statuses and mail sources,
 * never by the rows.
 */
export const readWebhookQueue = async (em: SqlEntityManager): Promise<QueueReading[]> => {
  const rows = await db(em)
    .selectFrom('webhook_delivery')
    .select(['route', 'status', sql<number>`count(*)::int`.as('depth'), sql<Date | null>`min(created_at)`.as('oldest_at')])
    .where('status', 'in', ['queued', 'running'])
    .groupBy(['route', 'status'])
    .execute();

  return rows.map((row) => ({ ...row, oldest_at: row.oldest_at === null ? null : new Date(row.oldest_at) }));
};

/** Routes whose breaker has opened (paused until resumed). */
export const readPausedRoutes = async (em: SqlEntityManager): Promise<string[]> =>
  (await db(em).selectFrom('webhook_route_state').select('route').where('paused_at', 'is not', null).execute()).map((row) => row.route);

export const readMailOutbox = async (em: SqlEntityManager): Promise<OutboxReading[]> => {
  const rows = await db(em)
    .selectFrom('mail_outbox')
    .select(['source', sql<number>`count(*)::int`.as('depth'), sql<Date | null>`min(created_at)`.as('oldest_at')])
    .where('status', '=', 'pending')
    .groupBy('source')
    .execute();

  return rows.map((row) => ({ ...row, oldest_at: row.oldest_at === null ? null : new Date(row.oldest_at) }));
};
