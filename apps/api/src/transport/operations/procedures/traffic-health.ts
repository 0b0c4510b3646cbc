import { publicProcedure } from '../../trpc.ts';
import { pingTrafficProvider } from '../traffic-provider.ts';
import { trafficHealthOutput } from '../output-schemas.ts';

export const trafficHealth = publicProcedure.meta({ rest: { method: 'GET', path: '/api/health/tomtom', status: 200, access: 'public', tags: ['health'], summary: 'Server-side ping of the traffic provider' } }).output(trafficHealthOutput).query(({ ctx }) => pingTrafficProvider(ctx.env));
