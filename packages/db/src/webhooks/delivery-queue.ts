import type { SqlEntityManager } from '@mikro-orm/sql';
import { sql } from 'kysely';
import { databaseNow, databaseNowPlusMs, db, jsonb } from '../kysely.ts';
import { isPayloadContainer } from '@switchyard/domain/webhooks/payload-shape';
import { LEASE_LOCK_CLASS } from './lease-lock.ts';

/**
 * The webhook worker's queue: rows of webhook_delivery claimed with FOR UPDATE SKIP LOCKED under a
 * lease, so several workers (or a restarted one) never run the same delivery twice at once, and a
 * delivery whose worker died is picked up again when its lease runs out. All times come from the
 * database clock, so processes on different machines agree on them.
 */

export type DeliveryMode = 'agent' | 'deliver_only';

export type NewDelivery = {
  id: string;
  route: string;
  eventType: string;
  idempotencyKey: string;
  mode: DeliveryMode;
  target: string;
  chatId: string | null;
  source: 'github' | 'gitlab' | null;
  prompt: string;
  skills: readonly string[];
  payload: unknown;
  /** The payload already serialised (the request body as received), to skip serialising it again. */
  payloadJson?: string;
  maxAttempts: number;
  /** Agent runs of the route at once (the route's max_in_flight); absent: no cap beyond the worker's. */
  maxInFlight?: number | null;
  /** Deliveries with the same key (within the route) run one at a time, in the order accepted. */
  orderKey?: string | null;
  /** Days the payload and prompt are kept once the delivery is finished (default 30). */
  retentionDays?: number;
  /** The request's headers, already masked (stored-headers.ts); stored by the same insert. */
  headers?: Readonly<Record<string, string>> | null;
  /** Where the event came from, carried into the worker: the accepting request's id and trace context. */
  origin?: DeliveryOrigin;
};

/** The accepting request's id (for log lines) and W3C `traceparent` (for its trace), each null when unknown. */
export type DeliveryOrigin = { requestId: string | null; traceParent: string | null };

/** One attempt of a delivery, as `webhook deliveries show` lists them (attempt_log). */
export type DeliveryAttempt = {
  /** When the attempt began (ISO text). */
  startedAt: string;
  target: string;
  /** delivered; retrying (failed, another attempt is due); failed (the delivery gave up). */
  status: 'delivered' | 'retrying' | 'failed';
  durationMs: number;
  error: string | null;
};

/** Appends the attempt to the row's log in the statement that records its outcome. */
const appendAttempt = (attempt: DeliveryAttempt | undefined) =>
  attempt === undefined ? {} : { attempt_log: sql<unknown[]>`coalesce(attempt_log, '[]'::jsonb) || ${JSON.stringify([attempt])}::jsonb` };

export type ClaimedDelivery = {
  id: string;
  route: string;
  eventType: string;
  mode: DeliveryMode;
  target: string;
  chatId: string | null;
  source: 'github' | 'gitlab' | null;
  prompt: string;
  skills: string[];
  payload: unknown;
  agentReply: string | null;
  /** Receipts of the parts of a split message earlier attempts already sent, in order. */
  sentParts: string[];
  attempts: number;
  maxAttempts: number;
  /** Takes target, chat id, prompt, skills and mode from the route as it is when it runs. */
  followsRoute: boolean;
  /**
   * Why the row cannot be worked on (a payload that is not a JSON object or array, stored fields
   * that do not decode), or null. Such a row is handed out like the others so that the worker can
   * fail it on its own, without the rest of its claim.
   */
  unreadable: string | null;
  origin: DeliveryOrigin;
  /** When the event was accepted, on this process's clock (measured by the database at the claim). */
  acceptedAt: Date;
};

/** Days a finished delivery's payload and prompt are kept unless its route says otherwise. */
export const DEFAULT_RETENTION_DAYS = 30;

export type Lease = {
  workerId: string;
  leaseMs: number;
  /** The holder's lease lock (see lease-lock.ts); null or absent: the lease ends only when it runs out. */
  lockKey?: number | null;
};

type Row = Record<string, unknown>;

const parseJson = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

const receiptsOf = (value: unknown): string[] => {
  const parsed = parseJson(value);

  return Array.isArray(parsed) ? parsed.map(String) : [];
};

const isTextList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The JSON columns of a claimed row, read as text so that decoding is ours, row by row, and cannot fail the claim. */
const decodeJsonColumns = (row: Row): { payload: unknown; skills: string[]; sentParts: string[] } | { problem: string } => {
  let payload: unknown;
  let skills: unknown;
  let sentParts: unknown;
  try {
    payload = JSON.parse(String(row.payload));
    skills = row.skills === null ? [] : JSON.parse(String(row.skills));
    sentParts = row.sent_parts === null ? [] : JSON.parse(String(row.sent_parts));
  } catch (error) {
    return { problem: `stored JSON does not decode (${(error as Error).message.slice(0, 200)})` };
  }
  if (!isPayloadContainer(payload)) {
    return { problem: 'payload is not a JSON object or array' };
  }
  if (!isTextList(skills)) {
    return { problem: 'skills are not a list of names' };
  }
  if (!isTextList(sentParts)) {
    return { problem: 'sent parts are not a list of receipts' };
  }

  return { payload, skills, sentParts };
};

const toClaimed = (row: Row): ClaimedDelivery => {
  const decoded = decodeJsonColumns(row);
  const readable = 'problem' in decoded ? null : decoded;

  return {
    id: String(row.id),
    route: String(row.route),
    eventType: String(row.event_type),
    mode: row.mode === 'deliver_only' ? 'deliver_only' : 'agent',
    target: String(row.target),
    chatId: typeof row.chat_id === 'string' ? row.chat_id : null,
    source: row.source === 'github' || row.source === 'gitlab' ? row.source : null,
    prompt: String(row.prompt),
    skills: readable?.skills ?? [],
    payload: readable?.payload ?? null,
    agentReply: typeof row.agent_reply === 'string' ? row.agent_reply : null,
    sentParts: readable?.sentParts ?? [],
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    followsRoute: row.follows_route !== false,
    unreadable: 'problem' in decoded ? decoded.problem : null,
    origin: { requestId: typeof row.request_id === 'string' ? row.request_id : null, traceParent: typeof row.trace_parent === 'string' ? row.trace_parent : null },
    acceptedAt: new Date(Date.now() - Number(row.accepted_ms_ago)),
  };
};

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

const insertDelivery = async (
  em: SqlEntityManager,
  delivery: NewDelivery,
  inline: Lease | null,
): Promise<InlineStart | null> => {
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

/** What keeps a new delivery of an event from being stored. */
export type KeyHolder =
  | { kind: 'delivered' }
  | { kind: 'unfinished'; id: string; mode: DeliveryMode }
  /** Nothing any more: the holder finished without delivering since the insert was refused. */
  | { kind: 'free' };

/** Read only after an insert was refused, so a stored event never pays for it. */
export const findKeyHolder = async (em: SqlEntityManager, key: string): Promise<KeyHolder> => {
  const rows = await db(em)
    .selectFrom('webhook_idempotency')
    // Typed casts: an untyped parameter in a select list leaves the union's column types open.
    .select((eb) => [eb.cast<string>(eb.val('delivered'), 'text').as('kind'), eb.cast<string | null>(eb.val(null), 'text').as('id'), eb.cast<string | null>(eb.val(null), 'text').as('mode')])
    .where('key', '=', key)
    .where('expires_at', '>', databaseNow)
    .unionAll(
      db(em)
        .selectFrom('webhook_delivery')
        .select((eb) => [eb.cast<string>(eb.val('unfinished'), 'text').as('kind'), eb.cast<string | null>('id', 'text').as('id'), 'mode'])
        .where('idempotency_key', '=', key)
        .where('status', 'in', ['queued', 'running']),
    )
    .execute();
  if (rows.some((row) => row.kind === 'delivered')) {
    return { kind: 'delivered' };
  }
  const unfinished = rows[0];
  if (unfinished === undefined) {
    return { kind: 'free' };
  }

  return { kind: 'unfinished', id: String(unfinished.id), mode: unfinished.mode === 'deliver_only' ? 'deliver_only' : 'agent' };
};

export const wasRecentlyDelivered = async (em: SqlEntityManager, key: string): Promise<boolean> => {
  const hit = await db(em).selectFrom('webhook_idempotency').select('key').where('key', '=', key).where('expires_at', '>', databaseNow).executeTakeFirst();

  return hit !== undefined;
};

/** Serialises claims on PostgreSQL, so that route caps and ordering keys hold across gateway processes. */
const CLAIM_LOCK_KEY = 1;

/**
 * Claims up to `limit` due deliveries: running ones whose holder is gone first (lease run out, or
 * on PostgreSQL the holder's lease lock no longer held: its process died), then queued ones that
 * are due, oldest first, skipping:
 * - routes whose circuit breaker is open (webhook_route_state.paused_at);
 * - a row whose ordering key has an older unfinished delivery (running, or queued and accepted
 *   earlier, even if that one waits for a retry): one at a time per key, in acceptance order;
 * - rows beyond their route's max_in_flight, counting running rows and those claimed together.
 * Running rows are few; queued ones are read in the order of their partial index and stop at the
 * limit, so a claim costs about the same whatever the backlog of routes that can run.
 * The claim runs under a transaction-level advisory lock: its checks read a snapshot taken after
 * every earlier claim committed, so two workers never both see a key or a route slot as free.
 */
export const claimDueDeliveries = async (
  em: SqlEntityManager,
  lease: Lease,
  limit: number,
): Promise<ClaimedDelivery[]> => {
  const rows = await em.transactional(async (tx) => {
    // Hand-written, both: an advisory lock is a function call, not a table the ORM knows, and the
    // claim reads pg_locks and counts per route with window functions in chained CTEs.
    await tx.execute(`select pg_advisory_xact_lock(${LEASE_LOCK_CLASS}, ${CLAIM_LOCK_KEY})`);

    return tx.execute<Row[]>(
      `with expired as (
         select id from webhook_delivery r
          where status = 'running'
            and (locked_until < now()
                 or (lease_key is not null and not exists (
                       select 1 from pg_locks l
                        where l.locktype = 'advisory' and l.granted and l.objsubid = 2
                          and l.database = (select oid from pg_database where datname = current_database())
                          and l.classid::bigint = ${LEASE_LOCK_CLASS} and l.objid::bigint = r.lease_key)))
          order by locked_until
          limit ?
          for update skip locked),
       candidates as (
         select q.id, q.max_in_flight,
                row_number() over (partition by q.route order by q.next_attempt_at, q.accepted_seq) as nth,
                (select count(*) from webhook_delivery b where b.route = q.route and b.status = 'running') as busy
           from (select id, route, max_in_flight, next_attempt_at, accepted_seq from webhook_delivery q0
                  where q0.status = 'queued' and q0.next_attempt_at <= now()
                    and not exists (select 1 from webhook_route_state s where s.route = q0.route and s.paused_at is not null)
                    and (q0.order_key is null or not exists (
                          select 1 from webhook_delivery o
                           where o.route = q0.route and o.order_key = q0.order_key and o.status in ('queued', 'running')
                             and (o.status = 'running' or o.accepted_seq < q0.accepted_seq)))
                    and (q0.max_in_flight is null or q0.max_in_flight >
                          (select count(*) from webhook_delivery b where b.route = q0.route and b.status = 'running'))
                  order by q0.next_attempt_at
                  limit greatest(0, ?::int - (select count(*) from expired))) q),
       due as (
         select id from webhook_delivery
          where id in (select id from candidates c where c.max_in_flight is null or c.nth <= c.max_in_flight - c.busy)
          for update skip locked)
       update webhook_delivery d
          set status = 'running', attempts = d.attempts + 1, locked_by = ?, lease_key = ?::integer,
              locked_until = now() + (?::bigint * interval '1 millisecond'), updated_at = now()
        where d.id in (select id from expired union all select id from due)
        returning d.id, d.route, d.event_type, d.mode, d.target, d.chat_id, d.source, d.prompt, d.skills::text as skills,
                  d.payload::text as payload, d.agent_reply, d.sent_parts::text as sent_parts, d.attempts, d.max_attempts,
                  d.follows_route, d.request_id, d.trace_parent,
                  (extract(epoch from now() - d.created_at) * 1000)::float8 as accepted_ms_ago`,
      [limit, limit, lease.workerId, lease.lockKey ?? null, lease.leaseMs],
    );
  });

  return rows.map(toClaimed);
};

/** Keeps a long-running delivery's lease alive. False when another worker has taken it over. */
export const extendLease = async (em: SqlEntityManager, id: string, lease: Lease): Promise<boolean> => {
  const rows = await db(em)
    .updateTable('webhook_delivery')
    .set({ locked_until: databaseNowPlusMs(lease.leaseMs) })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('locked_by', '=', lease.workerId)
    .returning('id')
    .execute();

  return rows.length === 1;
};

/** Keeps the agent's answer, so that a retry after a failed delivery does not run the agent again. */
export const saveAgentReply = async (em: SqlEntityManager, id: string, workerId: string, reply: string) => {
  await db(em)
    .updateTable('webhook_delivery')
    .set({ agent_reply: reply, updated_at: databaseNow })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('locked_by', '=', workerId)
    .execute();
};

/** What a running delivery sends this attempt, from its route as it is now. */
export type AppliedRoute = {
  mode: DeliveryMode;
  target: string;
  chatId: string | null;
  prompt: string;
  skills: readonly string[];
  agentReply: string | null;
  sentParts: readonly string[];
};

/**
 * Stores on the running row what its route says now (and the progress still valid under it), so
 * that the history shows where each delivery went. False when the lease was lost meanwhile.
 */
export const applyCurrentRoute = async (em: SqlEntityManager, id: string, workerId: string, applied: AppliedRoute): Promise<boolean> => {
  const rows = await db(em)
    .updateTable('webhook_delivery')
    .set({
      mode: applied.mode,
      target: applied.target,
      chat_id: applied.chatId,
      prompt: applied.prompt,
      skills: jsonb([...applied.skills]),
      agent_reply: applied.agentReply,
      sent_parts: applied.sentParts.length === 0 ? null : jsonb([...applied.sentParts]),
      updated_at: databaseNow,
    })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('locked_by', '=', workerId)
    .returning('id')
    .execute();

  return rows.length === 1;
};

/**
 * Records the parts of a split message sent so far (their receipts, in order), so that a retry
 * after a later part failed resumes after them.
 */
export const recordSentParts = async (em: SqlEntityManager, id: string, workerId: string, sentParts: readonly string[]) => {
  await db(em)
    .updateTable('webhook_delivery')
    .set({ sent_parts: jsonb([...sentParts]), updated_at: databaseNow })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('locked_by', '=', workerId)
    .execute();
};

/** Marks the delivery done and records its key, in one statement, so a retry is a duplicate from now on. */
export const markDelivered = async (
  em: SqlEntityManager,
  id: string,
  workerId: string,
  outcome: { resultRef: string | null; keyTtlMs: number; attempt?: DeliveryAttempt },
): Promise<boolean> => {
  const rows = await db(em)
    .with('done', (query) =>
      query
        .updateTable('webhook_delivery')
        .set({ status: 'delivered', result_ref: outcome.resultRef, last_error: null, locked_until: null, finished_at: databaseNow, updated_at: databaseNow, ...appendAttempt(outcome.attempt) })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('locked_by', '=', workerId)
        .returning(['id', 'idempotency_key']),
    )
    .insertInto('webhook_idempotency')
    .columns(['key', 'delivery_id', 'created_at', 'expires_at'])
    .expression((eb) => eb.selectFrom('done').select(['done.idempotency_key', 'done.id', databaseNow.as('created_at'), databaseNowPlusMs(outcome.keyTtlMs).as('expires_at')]))
    .onConflict((conflict) => conflict.column('key').doUpdateSet((eb) => ({ delivery_id: eb.ref('excluded.delivery_id'), expires_at: eb.ref('excluded.expires_at') })))
    .returning('key')
    .execute();

  return rows.length === 1;
};

export const scheduleRetry = async (
  em: SqlEntityManager,
  id: string,
  workerId: string,
  failure: { error: string; delayMs: number; attempt?: DeliveryAttempt },
) => {
  await db(em)
    .updateTable('webhook_delivery')
    .set({
      status: 'queued',
      last_error: failure.error,
      locked_until: null,
      locked_by: null,
      next_attempt_at: databaseNowPlusMs(failure.delayMs),
      updated_at: databaseNow,
      ...appendAttempt(failure.attempt),
    })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('locked_by', '=', workerId)
    .execute();
};

/** `attempt`: the attempt that failed, when one was made (not for a route removed or an unreadable row). */
export const markFailed = async (em: SqlEntityManager, id: string, workerId: string, error: string, attempt?: DeliveryAttempt) => {
  await db(em)
    .updateTable('webhook_delivery')
    .set({ status: 'failed', last_error: error, locked_until: null, finished_at: databaseNow, updated_at: databaseNow, ...appendAttempt(attempt) })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('locked_by', '=', workerId)
    .execute();
};

/** Drops idempotency keys past their expiry; returns how many. */
export const purgeExpiredKeys = async (em: SqlEntityManager): Promise<number> => {
  const rows = await db(em).deleteFrom('webhook_idempotency').where('expires_at', '<=', databaseNow).returning('key').execute();

  return rows.length;
};
