import type { TransportRateLimitRule } from '../public-write-limits.ts';

/**
 * Public paths that call a paid outside provider. Each caller address may call them this often
 * (a page shows the weather once and may refresh it; a monitor pings health once a minute), and
 * the answers are shared for a while by every caller and every API process, so a flood spends
 * at most one provider call per question and period.
 */
export const PROVIDER_CALL_LIMITS = {
  weatherPerAddress: { name: 'transport-weather-ip', max: 30, windowSeconds: 60 },
  trafficHealthPerAddress: { name: 'transport-traffic-health-ip', max: 10, windowSeconds: 60 },
} as const satisfies Record<string, TransportRateLimitRule>;

/** Seconds an answer is served again without asking. */
export const PROVIDER_ANSWER_SECONDS = {
  /** Open-Meteo refreshes its current conditions every 15 minutes. */
  weather: 10 * 60,
  /** A health check that is a minute old is still news. */
  trafficHealth: 60,
  /** A provider that failed is not asked again at once by every caller. */
  failure: 30,
} as const;
