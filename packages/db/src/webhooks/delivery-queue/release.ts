import type { SqlEntityManager } from '@mikro-orm/sql';
import { databaseNow, databaseNowPlusMs, db } from '../../kysely.ts';
import { appendAttempt, type DeliveryAttempt } from './attempt-log.ts';

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
        .set({
          status: 'delivered',
          result_ref: outcome.resultRef,
          last_error: null,
          locked_until: null,
          finished_at: databaseNow,
          updated_at: databaseNow,
          ...appendAttempt(outcome.attempt),
        })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('locked_by', '=', workerId)
        .returning(['id', 'idempotency_key']),
    )
    .insertInto('webhook_idempotency')
    .columns(['key', 'delivery_id', 'created_at', 'expires_at'])
    .expression((eb) =>
      eb
        .selectFrom('done')
        .select(['done.idempotency_key', 'done.id', databaseNow.as('created_at'), databaseNowPlusMs(outcome.keyTtlMs).as('expires_at')]),
    )
    .onConflict((conflict) =>
      conflict
        .column('key')
        .doUpdateSet((eb) => ({ delivery_id: eb.ref('excluded.delivery_id'), expires_at: eb.ref('excluded.expires_at') })),
    )
    .returning('key')
    .execute();

  return rows.length === 1;
};

/** `attempt`: the attempt that failed, when one was made (not for a route removed or an unreadable row). */
export const markFailed = async (em: SqlEntityManager, id: string, workerId: string, error: string, attempt?: DeliveryAttempt) => {
  await db(em)
    .updateTable('webhook_delivery')
    .set({
      status: 'failed',
      last_error: error,
      locked_until: null,
      finished_at: databaseNow,
      updated_at: databaseNow,
      ...appendAttempt(attempt),
    })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('locked_by', '=', workerId)
    .execute();
};
