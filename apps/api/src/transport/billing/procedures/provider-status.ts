import { publicProcedure } from '../../trpc.ts';
import { squareConfigured, stripeConfigured } from '../payment-links.ts';
import { providerStatusOutput } from '../output-schemas.ts';

/** Whether each provider is configured; no call is made and nothing secret is shown. */
export const providerStatus = publicProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/billing/provider-status',
      status: 200,
      access: 'public',
      tags: ['billing'],
      summary: 'Which payment providers are configured',
    },
  })
  .output(providerStatusOutput)
  .query(({ ctx }) => ({ square_connected: squareConfigured(ctx.env), stripe_connected: stripeConfigured(ctx.env) }));
