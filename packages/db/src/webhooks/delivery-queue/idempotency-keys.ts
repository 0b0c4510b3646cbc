import type { SqlEntityManager } from '@mikro-orm/sql';
import { databaseNow, db } from '../../kysely.ts';
import type { DeliveryMode } from './new-delivery.ts';

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
    .select((eb) => [
      eb.cast<string>(eb.val('delivered'), 'text').as('kind'),
      eb.cast<string | null>(eb.val(null), 'text').as('id'),
      eb.cast<DeliveryMode | null>(eb.val(null), 'text').as('mode'),
    ])
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

  return { kind: 'unfinished', id: String(unfinished.id), mode: unfinished.mode ?? 'agent' };
};

export const wasRecentlyDelivered = async (em: SqlEntityManager, key: string): Promise<boolean> => {
  const hit = await db(em)
    .selectFrom('webhook_idempotency')
    .select('key')
    .where('key', '=', key)
    .where('expires_at', '>', databaseNow)
    .executeTakeFirst();

  return hit !== undefined;
};

/** Drops idempotency keys past their expiry; returns how many. */
export const purgeExpiredKeys = async (em: SqlEntityManager): Promise<number> => {
  const rows = await db(em).deleteFrom('webhook_idempotency').where('expires_at', '<=', databaseNow).returning('key').execute();

  return rows.length;
};
