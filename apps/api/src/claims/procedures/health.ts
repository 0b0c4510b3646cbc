import { toIsoSeconds } from '@switchyard/domain/time';
import { databaseAnswers } from '@switchyard/db/database-answers';
import { publicProcedure } from '../trpc.ts';
import { healthOutput } from '../output-schemas.ts';

/**
 * Probes the database with a read-only `select 1` (a load balancer may call this every second, so
 * it writes nothing). Always 200: a database problem shows as `degraded`, so monitors can tell it
 * from a dead process, as the transport service's health check does.
 */
export const health = publicProcedure
  .meta({ rest: { method: 'GET', path: '/api/health', status: 200, access: 'public', tags: ['health'], summary: 'Service health' } })
  .output(healthOutput)
  .query(async ({ ctx }) => ({
    status: (await databaseAnswers(ctx.em)) ? 'ok' : 'degraded',
    time: toIsoSeconds(ctx.now()),
  }));
