import type { SqlEntityManager } from '@mikro-orm/sql';
import { db } from '../kysely.ts';

/**
 * A replay queues a new delivery of a stored event: a new row copying the event (route, target,
 * prompt, payload, ordering key), run by the worker from the start, agent included, with its own
 * attempts. The original row keeps its outcome; the new one names it in `replay_of`. Its
 * idempotency key is its own, so the replay is never refused as a duplicate of the event.
 */

type Row = Record<string, unknown>;

const COPY = (where: string) => `
  insert into webhook_delivery (
    id, route, event_type, idempotency_key, mode, status, target, chat_id, source, prompt, skills, payload,
    attempts, max_attempts, max_in_flight, order_key, retention_days, replay_of, next_attempt_at, created_at, updated_at)
  select n.id, n.route, n.event_type, 'replay:' || n.id::text, n.mode, 'queued', n.target, n.chat_id, n.source, n.prompt,
         n.skills, n.payload, 0, ?::int, n.max_in_flight, n.order_key, n.retention_days, n.original, now(), now(), now()
    from (select gen_random_uuid() as id, o.id as original, o.route, o.event_type, o.mode, o.target, o.chat_id, o.source,
                 o.prompt, o.skills, o.payload, o.max_in_flight, o.order_key, o.retention_days
            from webhook_delivery o where ${where}
           order by o.accepted_seq) n
  returning id::text as id, replay_of::text as replay_of`;

export type Replayed = { id: string; replayOf: string };
export type ReplayOne = { ok: true; replayed: Replayed } | { ok: false; problem: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const replayDelivery = async (em: SqlEntityManager, id: string, maxAttempts: number): Promise<ReplayOne> => {
  if (!UUID.test(id)) {
    return { ok: false, problem: `"${id}" is not a delivery id (see switchyard webhook deliveries)` };
  }
  const original = await db(em).selectFrom('webhook_delivery').select(['status', 'erased_at']).where('id', '=', id).executeTakeFirst();
  if (original === undefined) {
    return { ok: false, problem: `no delivery with id ${id}` };
  }
  if (original.status === 'queued' || original.status === 'running') {
    return { ok: false, problem: `delivery ${id} is still ${String(original.status)}; it has not finished yet` };
  }
  if (original.erased_at !== null) {
    return { ok: false, problem: `delivery ${id} has no payload any more (erased); it cannot be replayed` };
  }
  // Hand-written: an insert from a select that draws each copy's id (gen_random_uuid) in acceptance order.
  const [row] = await em.execute<Row[]>(COPY('o.id = ?::uuid'), [maxAttempts, id]);

  return row === undefined ? { ok: false, problem: `delivery ${id} could not be replayed` } : { ok: true, replayed: toReplayed(row) };
};

const toReplayed = (row: Row): Replayed => ({ id: String(row.id), replayOf: String(row.replay_of) });

/**
 * Replays a route's failed deliveries (accepted since `since`, if given) that still hold their
 * payload and were not replayed before: running it twice queues each failure once.
 */
export const replayFailed = async (
  em: SqlEntityManager,
  route: string,
  since: Date | null,
  maxAttempts: number,
): Promise<Replayed[]> => {
  // Hand-written: the same copy as above, for every failure of the route not replayed before.
  const rows = await em.execute<Row[]>(
    COPY(`o.route = ? and o.status = 'failed' and o.erased_at is null
          and (?::timestamptz is null or o.created_at >= ?::timestamptz)
          and not exists (select 1 from webhook_delivery r where r.replay_of = o.id)`),
    [maxAttempts, route, since?.toISOString() ?? null, since?.toISOString() ?? null],
  );

  return rows.map(toReplayed);
};
