import { publicProcedure } from '../../trpc.ts';
import { pingTrafficProvider } from '../traffic-provider.ts';

export const trafficHealth = publicProcedure.query(({ ctx }) => pingTrafficProvider(ctx.env));
