import { toIsoSeconds } from '@switchyard/domain/time';
import { publicProcedure } from '../trpc.ts';
import { healthOutput } from '../output-schemas.ts';

/** Answers without touching the database: a load balancer may call it every second. */
export const health = publicProcedure.meta({ rest: { method: 'GET', path: '/api/health', status: 200, access: 'public', tags: ['health'], summary: 'Service health' } }).output(healthOutput).query(({ ctx }) => ({ status: 'ok', time: toIsoSeconds(ctx.now()) }));
