import type { Clock } from '../../clock.ts';
import { SlidingWindowRateLimit, type RateDecision } from '@switchyard/domain/webhooks/rate-limit-window';

/**
 * The per-route allowance the receiver counts requests against. One receiver process counts in
 * memory; several processes of one gateway ask the process that holds the count (see
 * `receiver-cluster/`), so a route's limit holds for the gateway as a whole.
 */
export type RouteRateLimit = {
  hit(route: string, limitPerMinute: number): RateDecision | Promise<RateDecision>;
};

export const inMemoryRouteRateLimit = (clock: Clock, limiter = new SlidingWindowRateLimit()): RouteRateLimit => ({
  hit: (route, limitPerMinute) => limiter.hit(route, limitPerMinute, clock.now()),
});
