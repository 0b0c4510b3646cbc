import type { SqlEntityManager } from '@mikro-orm/sql';
import type { DeliveryStatus } from '@switchyard/domain/webhooks/delivery-status';
import { databaseNow, db } from '../kysely.ts';

/**
 * A replay queues a new delivery of a stored event: a new row copying the event (route, target,
 * prompt, payload, ordering key), run by the worker from the start, agent included, with its own
 * attempts. Like any delivery it runs with its route as the route is then (target, chat id,
 * prompt, skills, mode), unless replayed `asAccepted`: then with what the original row holds. The original row keeps its outcome; the new one names it in `replay_of`. Its
 * idempotency key is its own, so the replay is never refused as a duplicate of the event.
 */

/** Which stored events to copy: one delivery, or a route's failures not replayed before (since an instant). */
type Originals = { id: string } | { route: string; since: Date | null };

/** Copies the picked deliveries under new ids, oldest accepted first; answers each copy with what it replays. */
const copyDeliveries = async (em: SqlEntityManager, pick: Originals, maxAttempts: number, asAccepted: boolean): Promise<Replayed[]> => {
  const id = 'id' in pick ? pick.id : undefined;
  const route = 'route' in pick ? pick.route : undefined;
  const since = 'route' in pick ? pick.since : null;
  const originals = db(em)
    .selectFrom('webhook_delivery as o')
    .select((eb) => [
      eb.fn<string>('gen_random_uuid').as('id'),
      'o.id as original',
      'o.route',
      'o.event_type',
      'o.mode',
      'o.target',
      'o.chat_id',
      'o.source',
      'o.prompt',
      'o.skills',
      'o.payload',
      'o.headers',
      'o.max_in_flight',
      'o.order_key',
      'o.retention_days',
    ])
    .$if(id !== undefined, (query) => query.where('o.id', '=', id ?? ''))
    .$if(route !== undefined, (query) =>
      query
        .where('o.route', '=', route ?? '')
        .where('o.status', '=', 'failed')
        .where('o.erased_at', 'is', null)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('webhook_delivery as r').select('r.id').whereRef('r.replay_of', '=', 'o.id')))),
    )
    .$if(since !== null, (query) => query.where('o.created_at', '>=', since ?? new Date(0)))
    .orderBy('o.accepted_seq');
  const rows = await db(em)
    .insertInto('webhook_delivery')
    .columns([
      'id',
      'route',
      'event_type',
      'idempotency_key',
      'mode',
      'status',
      'target',
      'chat_id',
      'source',
      'prompt',
      'skills',
      'payload',
      'headers',
      'attempts',
      'max_attempts',
      'max_in_flight',
      'order_key',
      'retention_days',
      'replay_of',
      'follows_route',
      'next_attempt_at',
      'created_at',
      'updated_at',
    ])
    .expression((eb) =>
      eb.selectFrom(originals.as('n')).select((inner) => [
        'n.id',
        'n.route',
        'n.event_type',
        // Its own idempotency key, so the replay is never refused as a duplicate of the event.
        inner(inner.cast<string>(inner.val('replay:'), 'text'), '||', inner.cast<string>('n.id', 'text')).as('idempotency_key'),
        'n.mode',
        inner.cast<DeliveryStatus>(inner.val('queued'), 'text').as('status'),
        'n.target',
        'n.chat_id',
        'n.source',
        'n.prompt',
        'n.skills',
        'n.payload',
        // The replay shows the headers its event was accepted with.
        'n.headers',
        inner.lit(0).as('attempts'),
        inner.cast<number>(inner.val(maxAttempts), 'integer').as('max_attempts'),
        'n.max_in_flight',
        'n.order_key',
        'n.retention_days',
        'n.original',
        inner.cast<boolean>(inner.val(!asAccepted), 'boolean').as('follows_route'),
        databaseNow.as('next_attempt_at'),
        databaseNow.as('created_at'),
        databaseNow.as('updated_at'),
      ]),
    )
    .returning((eb) => [eb.cast<string>('id', 'text').as('id'), eb.cast<string>('replay_of', 'text').as('replay_of')])
    .execute();

  return rows.map((row) => ({ id: row.id, replayOf: row.replay_of }));
};

export type Replayed = { id: string; replayOf: string };
export type ReplayOne = { ok: true; replayed: Replayed } | { ok: false; problem: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const replayDelivery = async (em: SqlEntityManager, id: string, maxAttempts: number, asAccepted = false): Promise<ReplayOne> => {
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
  const [replayed] = await copyDeliveries(em, { id }, maxAttempts, asAccepted);

  return replayed === undefined ? { ok: false, problem: `delivery ${id} could not be replayed` } : { ok: true, replayed };
};

/**
 * Replays a route's failed deliveries (accepted since `since`, if given) that still hold their
 * payload and were not replayed before: running it twice queues each failure once.
 */
export const replayFailed = async (
  em: SqlEntityManager,
  route: string,
  since: Date | null,
  maxAttempts: number,
  asAccepted = false,
): Promise<Replayed[]> => {
  return copyDeliveries(em, { route, since }, maxAttempts, asAccepted);
};
