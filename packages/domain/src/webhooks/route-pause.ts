import { formatAgo } from './relative-time.ts';

/** Who holds a route's deliveries: an operator (`webhook pause`) or its circuit breaker. */
export type PausedBy = 'hand' | 'breaker';

export type RoutePauseState = {
  pausedAt: Date | null;
  pausedBy: PausedBy | null;
  pausedReason: string | null;
  rejectWhilePaused: boolean;
};

/** The state column of `webhook list`: active, or paused (by whom, since when, why). */
export const describeRouteState = (state: RoutePauseState, now: Date): string => {
  if (state.pausedAt === null) {
    return 'active';
  }
  const who = state.pausedBy === 'hand' ? 'paused by hand' : 'paused by breaker';
  const refusing = state.rejectWhilePaused ? ', refusing events' : '';
  const why = state.pausedReason === null || state.pausedReason === '' ? '' : `: ${state.pausedReason}`;

  return `${who} ${formatAgo(state.pausedAt, now)}${refusing}${why}`;
};

/** Seconds a sender is told to wait (Retry-After) when a paused route refuses its event. */
export const PAUSED_RETRY_AFTER_SECONDS = 60;
