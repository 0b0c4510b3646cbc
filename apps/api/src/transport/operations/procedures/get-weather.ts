import { DomainError } from '@switchyard/domain/errors';
import { weatherInput } from '@switchyard/domain/transport/operations/schemas';
import { PROVIDER_ANSWER_SECONDS, PROVIDER_CALL_LIMITS } from '@switchyard/domain/transport/operations/provider-limits';
import { limitedPerAddress } from '../../rate-limits.ts';
import { publicProcedure } from '../../trpc.ts';
import { cachedProviderAnswer } from '../cached-provider-answer.ts';
import { fetchForecast } from '../weather-provider.ts';
import { type Forecast, weatherOutput } from '../output-schemas.ts';

/** A forecast, or why the provider could not give one: both are shared for a while. */
type WeatherOutcome = { ok: true; forecast: Forecast } | { ok: false; detail: string };

/** Anonymous, so limited per address and answered from the shared cache (docs/transport.md). */
export const getWeather = publicProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/weather',
      status: 200,
      input: 'query',
      access: 'public',
      tags: ['weather'],
      summary: "Open-Meteo's forecast for lat/lon (default Savannah, GA; shared for 10 minutes; limited per address)",
      errors: ['bad_gateway', 'rate_limited'],
    },
  })
  .output(weatherOutput)
  .use(limitedPerAddress(PROVIDER_CALL_LIMITS.weatherPerAddress))
  .input(weatherInput)
  .query(async ({ ctx, input }) => {
    const deps = { em: ctx.em, now: ctx.now, timeoutMs: ctx.env.TRANSPORT_HTTP_TIMEOUT_MS };
    const outcome = await cachedProviderAnswer<WeatherOutcome>(deps, `weather:${input.lat},${input.lon}`, async () => {
      try {
        return {
          answer: { ok: true, forecast: await fetchForecast(ctx.env, input.lat, input.lon) },
          freshSeconds: PROVIDER_ANSWER_SECONDS.weather,
        };
      } catch (error) {
        if (error instanceof DomainError && error.code === 'bad_gateway') {
          return { answer: { ok: false, detail: error.message }, freshSeconds: PROVIDER_ANSWER_SECONDS.failure };
        }
        throw error;
      }
    });
    if (!outcome.ok) {
      throw new DomainError('bad_gateway', outcome.detail);
    }

    return outcome.forecast;
  });
