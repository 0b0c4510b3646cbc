import type { Counter } from 'prom-client';
import { domainErrorOf } from '../http/domain-error-of.ts';
import type { Metrics } from '../ops/metrics/metrics.ts';
import type { ClaimsContext } from './context.ts';

type Outcome = { ok: boolean; error?: unknown };

/**
 * A middleware, first in the chain, that counts each call of the procedure by outcome: `success`
 * or the error code it ended with (rate limits and refused input included).
 */
export const countedOutcome =
  <L extends string>(counter: (metrics: Metrics) => Counter<L>, labels: Partial<Record<L, string>> = {}) =>
  async <T extends Outcome>({ ctx, next }: { ctx: ClaimsContext; next: () => Promise<T> }): Promise<T> => {
    const result = await next();
    if (ctx.metrics) {
      const outcome = result.ok ? 'success' : (domainErrorOf(result.error)?.code ?? 'internal_error');
      counter(ctx.metrics).inc({ ...labels, outcome } as Partial<Record<L | 'outcome', string>>);
    }

    return result;
  };
