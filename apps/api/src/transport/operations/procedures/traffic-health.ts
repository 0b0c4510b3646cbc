import { publicProcedure } from '../../trpc.ts';
import { pingTrafficProvider } from '../traffic-provider.ts';

export const trafficHealth = publicProcedure.meta({ rest: { method: 'GET', path: '/api/health/tomtom', status: 200, access: 'public', tags: ['health'], summary: 'Server-side ping of the traffic provider' } }).query(({ ctx }) => pingTrafficProvider(ctx.env));
