import { DomainError } from '@switchyard/domain/errors';
import {
  GEOCODE_CALL_LIMIT,
  GEOCODE_LIMITS,
  geocodeInput,
  normalizeGeocodeQuery,
  searchAreaKey,
} from '@switchyard/domain/transport/operations/geocode';
import { searchAreaOf } from '@switchyard/domain/transport/operations/home-area';
import { readGeocodeAnswer, storeGeocodeAnswer } from '@switchyard/db/transport/operations/geocode-cache';
import { countAgainst } from '../../rate-limits.ts';
import { tenantProcedure } from '../../trpc.ts';
import { geocodeOutput } from '../output-schemas.ts';
import { homeAreaOfTenant } from '../../tenants/home-area-of-tenant.ts';

const DAY_MS = 86_400_000;

/**
 * Address search for the stop editor and the school form. Operators only, counted per operator;
 * answers come from the stored ones while younger than a month, else from the geocoder (one call a
 * second per process, see geocoder.ts), preferring results near the tenant's home area.
 */
export const geocodeAddress = tenantProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/geocode',
      status: 200,
      input: 'query',
      access: 'tenant',
      tags: ['routes'],
      summary:
        "Places matching an address (`q`, 3-200 characters), near the tenant's home area first; at most 5. 503 when address search is off (GEOCODER_URL) or busy, 502 when the geocoder fails or does not answer in time",
      errors: ['unauthorized', 'forbidden', 'validation_error', 'rate_limited', 'bad_gateway', 'service_unavailable'],
    },
  })
  .use(async ({ ctx, next }) => {
    await countAgainst(ctx, GEOCODE_CALL_LIMIT, `${ctx.tenantId}:${ctx.user.id}`);

    return next();
  })
  .input(geocodeInput)
  .output(geocodeOutput)
  .query(async ({ ctx, input }) => {
    if (ctx.geocoder === null) {
      throw new DomainError('service_unavailable', 'Address search is off on this server; type the coordinates instead.');
    }
    const area = searchAreaOf(await homeAreaOfTenant(ctx.em, ctx.tenantId));
    const key = { query: normalizeGeocodeQuery(input.q), area: searchAreaKey(area) };
    const now = ctx.now();
    const oldest = new Date(now.getTime() - GEOCODE_LIMITS.answerDays * DAY_MS);
    const stored = await readGeocodeAnswer(ctx.em, key, oldest);
    if (stored !== null) {
      return { query: input.q, cached: true, results: stored as { label: string; lat: number; lng: number }[] };
    }
    const results = await ctx.geocoder.search(key.query, area);
    await storeGeocodeAnswer(ctx.em, key, results, now, oldest);

    return { query: input.q, cached: false, results };
  });
