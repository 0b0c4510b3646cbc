import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AdminInput, AdminOperationName, AdminResult } from '../webhooks/admin-operations.ts';
import type { SubscriptionsDocument } from '../webhooks/gateway/subscriptions-file.ts';
import type { CliContext } from './cli-context.ts';
import { openDatabaseQuietly } from './open-database-quietly.ts';

/**
 * Runs one webhook table operation for a CLI command on the database: PostgreSQL directly, the
 * embedded one through the socket of its running owner, or its files when nothing runs.
 */
export const webhookOperation = async <N extends AdminOperationName>(
  context: CliContext,
  name: N,
  input: AdminInput<N>,
): Promise<AdminResult<N>> => {
  const { runAdminOperation } = await import('../webhooks/admin-operations.ts');
  const db = await openDatabaseQuietly(context.env);
  try {
    return await runAdminOperation(db.fork(), name, input);
  } finally {
    await db.close();
  }
};

/**
 * False for an embedded database that was never created: it holds no deliveries and no route
 * state, and a command that only reads or tidies them does not create it.
 */
export const webhookDatabaseExists = (context: CliContext): boolean =>
  context.env.DATABASE_URL !== undefined || existsSync(join(context.env.DATA_DIR, 'pg', 'PG_VERSION'));

/**
 * Runs a change of one subscription: on PostgreSQL (DATABASE_URL) through the database as well,
 * so that every gateway of it serves the change; otherwise in the subscriptions file alone.
 */
export const changeSubscription = async <T>(
  context: CliContext,
  path: string,
  name: string,
  change: (document: SubscriptionsDocument) => { write: boolean; result: T },
): Promise<T> => {
  const { changeSharedSubscription } = await import('../webhooks/gateway/shared-subscriptions.ts');
  if (context.env.DATABASE_URL === undefined) {
    return changeSharedSubscription(null, path, name, change);
  }
  const db = await openDatabaseQuietly(context.env);
  try {
    return await changeSharedSubscription(db, path, name, change);
  } finally {
    await db.close();
  }
};
