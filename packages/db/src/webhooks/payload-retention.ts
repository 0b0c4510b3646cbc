import type { SqlEntityManager } from '@mikro-orm/sql';

/**
 * Payloads, request headers, rendered prompts and agent replies are what a delivery row holds of other people's
 * data; its route, event type, status, attempts, outcome and times are what operators need later.
 * Erasing keeps the row and its outcome and clears the rest.
 */

type Row = Record<string, unknown>;

const ERASE = `payload = '{}'::jsonb, prompt = '', agent_reply = null, headers = null, erased_at = now(), updated_at = now()`;

/** Finished deliveries past their route's retention (in days); a bounded batch per call. Answers how many. */
export const eraseExpiredPayloads = async (em: SqlEntityManager, batch = 1000): Promise<number> => {
  // Hand-written: each row's retention is an interval of its own column (retention_days * 1 day).
  const rows = await em.execute<Row[]>(
    `update webhook_delivery set ${ERASE}
      where id in (
        select id from webhook_delivery
         where erased_at is null and status in ('delivered', 'failed')
           and finished_at < now() - (retention_days * interval '1 day')
         order by finished_at
         limit ?)
      returning id`,
    [batch],
  );

  return rows.length;
};

export type EraseResult = { erased: number; cancelled: number; running: number };

/**
 * Erases now the stored payloads of a route's events whose payload field at `path` (dot-separated
 * keys and list indexes) equals `value` as text. A queued delivery of such an event is failed, as
 * it can no longer be delivered; a running one is left alone and counted, to be erased by a second
 * run or by retention once it finishes.
 */
export const erasePayloadsMatching = async (em: SqlEntityManager, route: string, path: string, value: string): Promise<EraseResult> =>
  em.transactional(async (tx) => {
    const matching = `route = ? and erased_at is null and payload #>> string_to_array(?::text, '.') = ?`;
    // Hand-written, both: the match is a jsonb path (#>> string_to_array) and the erasure an update
    // joined to its locked hits in a CTE.
    const rows = await tx.execute<Row[]>(
      `with hit as (
         select id, status as was from webhook_delivery where ${matching} and status <> 'running' for update)
       update webhook_delivery d
          set ${ERASE},
              status = case when hit.was = 'queued' then 'failed' else d.status end,
              last_error = case when hit.was = 'queued' then 'payload erased before delivery' else d.last_error end,
              finished_at = coalesce(d.finished_at, now())
         from hit
        where d.id = hit.id
        returning hit.was = 'queued' as cancelled`,
      [route, path, value],
    );
    const running = await tx.execute<Row[]>(`select count(*)::int as n from webhook_delivery where ${matching} and status = 'running'`, [
      route,
      path,
      value,
    ]);

    return {
      erased: rows.length,
      cancelled: rows.filter((row) => row.cancelled === true).length,
      running: Number(running[0]?.n ?? 0),
    };
  });
