import { databaseAnswers } from '@switchyard/db/transport/tenants/tenant-admin';
import { publicProcedure } from '../../trpc.ts';
import { healthOutput } from '../output-schemas.ts';

const DB_CHECK_MS = 2_000;

/** Always 200: a database problem shows as `degraded`, so monitors can tell it from a dead process. */
export const health = publicProcedure
  .meta({
    rest: { method: 'GET', path: '/api/health', status: 200, access: 'public', tags: ['health'], summary: 'Service and database health' },
  })
  .output(healthOutput)
  .query(async ({ ctx }) => {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), DB_CHECK_MS);
    });
    const dbOk = await Promise.race([databaseAnswers(ctx.em), timedOut]);
    clearTimeout(timer);

    return { status: dbOk ? 'ok' : 'degraded', db: dbOk ? 'ok' : 'error', version: '1.0.0', time: ctx.now().toISOString() };
  });
