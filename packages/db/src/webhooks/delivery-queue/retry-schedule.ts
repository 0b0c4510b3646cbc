import type { SqlEntityManager } from '@mikro-orm/sql';
import { databaseNow, databaseNowPlusMs, db } from '../../kysely.ts';
import { appendAttempt, type DeliveryAttempt } from './attempt-log.ts';

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
