import type { SqlEntityManager } from '@mikro-orm/sql';
import type { CodeHost } from '@switchyard/domain/webhooks/code-host';
import { isPayloadContainer } from '@switchyard/domain/webhooks/payload-shape';
import { LEASE_LOCK_CLASS } from '../lease-lock.ts';
import type { DeliveryMode, DeliveryOrigin, Lease, Row } from './new-delivery.ts';

export type ClaimedDelivery = {
  id: string;
  route: string;
  eventType: string;
  mode: DeliveryMode;
  target: string;
  chatId: string | null;
  source: CodeHost | null;
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
    origin: {
      requestId: typeof row.request_id === 'string' ? row.request_id : null,
      traceParent: typeof row.trace_parent === 'string' ? row.trace_parent : null,
    },
    acceptedAt: new Date(Date.now() - Number(row.accepted_ms_ago)),
  };
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
export const claimDueDeliveries = async (em: SqlEntityManager, lease: Lease, limit: number): Promise<ClaimedDelivery[]> => {
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
