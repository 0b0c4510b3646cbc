import type { SqlEntityManager } from '@mikro-orm/sql';
import type { DeliveryTarget } from '@switchyard/domain/webhooks/delivery-targets';
import { databaseNow, databaseNowPlusMs, db, jsonb } from '../../kysely.ts';
import type { DeliveryMode, Lease } from './new-delivery.ts';

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
  target: DeliveryTarget;
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
