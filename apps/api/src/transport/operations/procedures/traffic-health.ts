import { PROVIDER_ANSWER_SECONDS, PROVIDER_CALL_LIMITS } from '@switchyard/domain/transport/operations/provider-limits';
import { limitedPerAddress } from '../../rate-limits.ts';
import { publicProcedure } from '../../trpc.ts';
import { cachedProviderAnswer } from '../cached-provider-answer.ts';
import { pingTrafficProvider } from '../traffic-provider.ts';
import { trafficHealthOutput } from '../output-schemas.ts';

/** Anonymous, so limited per address and answered from the shared cache (docs/transport.md). */
export const trafficHealth = publicProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/health/tomtom',
      status: 200,
      access: 'public',
      tags: ['health'],
      summary: 'Server-side ping of the traffic provider (shared for a minute; limited per address)',
      errors: ['rate_limited'],
    },
  })
  .output(trafficHealthOutput)
  .use(limitedPerAddress(PROVIDER_CALL_LIMITS.trafficHealthPerAddress))
  .query(({ ctx }) =>
    cachedProviderAnswer({ em: ctx.em, now: ctx.now, timeoutMs: ctx.env.TRANSPORT_HTTP_TIMEOUT_MS }, 'traffic-health', async () => {
      const health = await pingTrafficProvider(ctx.env);

      return { answer: health, freshSeconds: health.ok ? PROVIDER_ANSWER_SECONDS.trafficHealth : PROVIDER_ANSWER_SECONDS.failure };
    }),
  );
