import { describe, expect, it } from 'vitest';
import { describeRouteState } from './route-pause.ts';

const now = new Date('2026-11-27T12:00:00Z');
const tenMinutesAgo = new Date('2026-11-27T11:50:00Z');

describe('describeRouteState', () => {
  it('an unpaused route is active', () => {
    expect(describeRouteState({ pausedAt: null, pausedBy: null, pausedReason: null, rejectWhilePaused: false }, now)).toBe('active');
  });

  it('names who paused it, since when and why', () => {
    expect(
      describeRouteState({ pausedAt: tenMinutesAgo, pausedBy: 'breaker', pausedReason: 'slack: down', rejectWhilePaused: false }, now),
    ).toBe('paused by breaker 10m ago: slack: down');
    expect(describeRouteState({ pausedAt: tenMinutesAgo, pausedBy: 'hand', pausedReason: null, rejectWhilePaused: true }, now)).toBe(
      'paused by hand 10m ago, refusing events',
    );
  });
});
