import type { SqlEntityManager } from '@mikro-orm/sql';
import { DEFAULT_RETENTION_DAYS, receiptsOf, type Lease, type NewDelivery, type Row } from './new-delivery.ts';

// The insert is skipped when the key was delivered within its expiry, and does nothing when an
// unfinished delivery holds the key (partial unique index): both mean "duplicate".
// The second NOT EXISTS closes a race with the worker finishing the earlier delivery: the
// statement's snapshot may predate that commit (so the key's row is not visible yet) while the
// unique-index check sees the row already 'delivered' (outside the index). Read with the same
// snapshot, the earlier delivery is either still unfinished or its key is recorded.
// `offset 0` keeps each NOT EXISTS a per-row probe of its index: as a join, a plan made while the
// tables were small hashes the whole table (every unexpired key, every unfinished delivery) on
// each batch, and the prepared statement keeps that plan as the tables grow.
// A sender's retry starts where its failed attempt stopped: the parts that attempt sent are
// carried over, but only for the same message to the same place (a changed route starts over).
const INSERT_DELIVERY = `
  insert into webhook_delivery (
    id, route, event_type, idempotency_key, mode, status, target, chat_id, source, prompt, skills,
    payload, headers, attempts, max_attempts, retention_days, next_attempt_at, locked_until, locked_by, lease_key, sent_parts, created_at, updated_at
  )
  select ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?::jsonb, ?, ?, ?::integer, now(),
    case when ?::text is null then null else now() + (?::bigint * interval '1 millisecond') end,
    ?, ?::integer,
    (select f.sent_parts from webhook_delivery f
      where f.idempotency_key = ? and f.status = 'failed' and f.sent_parts is not null
        and f.target = ? and f.chat_id is not distinct from ?::text and f.prompt = ?
      order by f.finished_at desc limit 1),
    now(), now()
  where not exists (select 1 from webhook_idempotency where key = ? and expires_at > now() offset 0)
    and not exists (select 1 from webhook_delivery where idempotency_key = ? and status in ('queued', 'running') offset 0)
  on conflict (idempotency_key) where status in ('queued', 'running') do nothing
  returning id, sent_parts`;

/** A direct delivery leased to its request, with the parts its sender's failed attempt already sent. */
export type InlineStart = { sentParts: string[] };

const insertDelivery = async (em: SqlEntityManager, delivery: NewDelivery, inline: Lease | null): Promise<InlineStart | null> => {
  // Hand-written: the insert guards itself with not-exists checks and carries over the sent parts in
  // one statement (see INSERT_DELIVERY), on the direct delivery's request path.
  const rows = await em.execute<Row[]>(INSERT_DELIVERY, [
    delivery.id,
    delivery.route,
    delivery.eventType,
    delivery.idempotencyKey,
    delivery.mode,
    inline ? 'running' : 'queued',
    delivery.target,
    delivery.chatId,
    delivery.source,
    delivery.prompt,
    JSON.stringify(delivery.skills),
    delivery.payloadJson ?? JSON.stringify(delivery.payload),
    delivery.headers === undefined || delivery.headers === null ? null : JSON.stringify(delivery.headers),
    inline ? 1 : 0,
    inline ? 1 : delivery.maxAttempts,
    delivery.retentionDays ?? DEFAULT_RETENTION_DAYS,
    inline?.workerId ?? null,
    inline?.leaseMs ?? 0,
    inline?.workerId ?? null,
    inline?.lockKey ?? null,
    delivery.idempotencyKey,
    delivery.target,
    delivery.chatId,
    delivery.prompt,
    delivery.idempotencyKey,
    delivery.idempotencyKey,
  ]);
  const [row] = rows;

  return row === undefined ? null : { sentParts: receiptsOf(row.sent_parts) };
};

/** Queues an event for the worker. False when the event is a duplicate. */
export const enqueueDelivery = async (em: SqlEntityManager, delivery: NewDelivery): Promise<boolean> =>
  (await enqueueDeliveries(em, [delivery])).has(delivery.id);

/**
 * The rows travel as one JSON array parameter, so the statement text never changes with the batch
 * size: PostgreSQL can keep it prepared, and the client neither escapes nor formats each value.
 * Its duplicate checks are those of INSERT_DELIVERY above.
 */
const enqueueStatement = (placeholder: string) => `
  insert into webhook_delivery (
    id, route, event_type, idempotency_key, mode, status, target, chat_id, source, prompt, skills,
    payload, headers, attempts, max_attempts, max_in_flight, order_key, retention_days, request_id, trace_parent, next_attempt_at, created_at, updated_at)
  select v.id, v.route, v.event_type, v.key, v.mode, 'queued', v.target, v.chat_id, v.source, v.prompt,
         v.skills, v.payload, v.headers, 0, v.max_attempts, v.max_in_flight, v.order_key, coalesce(v.retention_days, ${DEFAULT_RETENTION_DAYS}),
         v.request_id, v.trace_parent, now(), now(), now()
    from json_to_recordset(${placeholder}::json)
      as v (id uuid, route text, event_type text, key text, mode text, target text, chat_id text, source text,
            prompt text, skills jsonb, payload jsonb, max_attempts integer, max_in_flight integer, order_key text,
            retention_days integer, headers jsonb, request_id text, trace_parent text)
   where not exists (select 1 from webhook_idempotency i where i.key = v.key and i.expires_at > now() offset 0)
     and not exists (select 1 from webhook_delivery d where d.idempotency_key = v.key and d.status in ('queued', 'running') offset 0)
  on conflict (idempotency_key) where status in ('queued', 'running') do nothing
  returning id`;

/**
 * One JSON array of the rows. A payload's JSON text (the request body as received, which has
 * already parsed as JSON) is spliced in as it is rather than quoted as a string, so neither side
 * serialises or parses it twice.
 */
export const deliveriesJson = (deliveries: readonly NewDelivery[]): string => {
  const rows: string[] = [];
  for (const delivery of deliveries) {
    const fields = JSON.stringify({
      id: delivery.id,
      route: delivery.route,
      event_type: delivery.eventType,
      key: delivery.idempotencyKey,
      mode: delivery.mode,
      target: delivery.target,
      chat_id: delivery.chatId,
      source: delivery.source,
      prompt: delivery.prompt,
      skills: delivery.skills,
      max_attempts: delivery.maxAttempts,
      max_in_flight: delivery.maxInFlight ?? null,
      order_key: delivery.orderKey ?? null,
      retention_days: delivery.retentionDays ?? null,
      headers: delivery.headers ?? null,
      request_id: delivery.origin?.requestId ?? null,
      trace_parent: delivery.origin?.traceParent ?? null,
    });
    const payload = delivery.payloadJson ?? JSON.stringify(delivery.payload) ?? 'null';
    rows.push(`${fields.slice(0, -1)},"payload":${payload}}`);
  }

  return `[${rows.join(',')}]`;
};

/**
 * Queues several events in one statement (one round trip, one commit): the receiver gathers the
 * events of concurrent requests. Answers the ids that were stored; the others are duplicates (of
 * a delivered event, of an unfinished one, or of another row of the batch).
 */
export const enqueueDeliveries = async (em: SqlEntityManager, deliveries: readonly NewDelivery[]): Promise<Set<string>> => {
  if (deliveries.length === 0) {
    return new Set();
  }
  // Hand-written: the receiver's hot insert, the batch as one json_to_recordset parameter (see
  // enqueueStatement); its native twin below runs as a prepared statement measured by bench/.
  const rows = await em.execute<Row[]>(enqueueStatement('?'), [deliveriesJson(deliveries)]);

  return new Set(rows.map((inserted) => String(inserted.id)));
};

/** The part of a `pg` pool the receiver uses. */
export type NativePgPool = {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: Row[] }>;
};

const ENQUEUE_STATEMENT_NAME = 'switchyard_webhook_enqueue';
const NATIVE_ENQUEUE = enqueueStatement('$1');

/**
 * The same statement straight on the `pg` pool under MikroORM, as a named prepared statement:
 * the receiver's hottest query skips the ORM's query formatting and PostgreSQL's parse and plan.
 * The commit is the statement's own (autocommit), so the answer comes after the rows are durable.
 */
export const enqueueDeliveriesNative = async (pool: NativePgPool, deliveries: readonly NewDelivery[]): Promise<Set<string>> => {
  if (deliveries.length === 0) {
    return new Set();
  }
  const { rows } = await pool.query({ name: ENQUEUE_STATEMENT_NAME, text: NATIVE_ENQUEUE, values: [deliveriesJson(deliveries)] });

  return new Set(rows.map((inserted) => String(inserted.id)));
};

/**
 * Records a direct delivery the request itself performs, already leased to it with its one attempt:
 * the sender learns the outcome from the answer and retries itself, so the worker must not retry
 * too. If the process dies mid-delivery the worker marks the row failed when the lease runs out.
 * Null when the event is a duplicate (delivered, or another delivery of it is unfinished).
 */
export const startInlineDelivery = (em: SqlEntityManager, delivery: NewDelivery, lease: Lease): Promise<InlineStart | null> =>
  insertDelivery(em, delivery, lease);
