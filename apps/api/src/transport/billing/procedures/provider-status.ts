import { publicProcedure } from '../../trpc.ts';
import { squareConfigured, stripeConfigured } from '../payment-links.ts';

/** Whether each provider is configured; no call is made and nothing secret is shown. */
export const providerStatus = publicProcedure.query(({ ctx }) => ({ square_connected: squareConfigured(ctx.env), stripe_connected: stripeConfigured(ctx.env) }));
