import { readGatewayRuntime } from '../webhooks/gateway-runtime-file.ts';
import type { AdminInput, AdminOperationName, AdminResult } from '../webhooks/admin-operations.ts';
import { switchyardHome } from '../webhooks/switchyard-home.ts';
import { CliError, type CliContext } from './cli-context.ts';
import { openDatabaseQuietly } from './open-database-quietly.ts';

/**
 * Runs one webhook table operation for a CLI command. PostgreSQL is used directly. An embedded
 * database belongs to one process: while a receiver runs it is asked to run the operation over
 * its private endpoint; otherwise the CLI opens the files itself.
 */
export const webhookOperation = async <N extends AdminOperationName>(
  context: CliContext,
  name: N,
  input: AdminInput<N>,
): Promise<AdminResult<N>> => {
  const runtime = context.env.DATABASE_URL ? null : readGatewayRuntime(switchyardHome(context.env.SWITCHYARD_HOME).runtimeFile);
  if (runtime !== null) {
    const response = await fetch(`${runtime.url}/admin/${name}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${runtime.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(input),
      signal: AbortSignal.timeout(context.env.WEBHOOK_HTTP_TIMEOUT_MS),
    }).catch(() => null);
    if (response === null || !response.ok) {
      throw new CliError(`the running receiver at ${runtime.url} did not answer (${response?.status ?? 'no answer'})`);
    }

    return ((await response.json()) as { result: AdminResult<N> }).result;
  }
  const { runAdminOperation } = await import('../webhooks/admin-operations.ts');
  const db = await openDatabaseQuietly(context.env);
  try {
    return await runAdminOperation(db.fork(), name, input);
  } finally {
    await db.close();
  }
};
