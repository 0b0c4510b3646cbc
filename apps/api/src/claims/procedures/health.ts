import { toIsoSeconds } from '@switchyard/domain/time';
import { publicProcedure } from '../trpc.ts';

/** Answers without touching the database: a load balancer may call it every second. */
export const health = publicProcedure.query(({ ctx }) => ({ status: 'ok', time: toIsoSeconds(ctx.now()) }));
