import { describe, expect, it } from 'vitest';
import { liveWatchOccasion } from './live-watch.ts';

describe('liveWatchOccasion', () => {
  it('is the same for the same account, day and open routes, in any order', () => {
    expect(liveWatchOccasion('u1', '2026-11-20', ['b', 'a'])).toBe(liveWatchOccasion('u1', '2026-11-20', ['a', 'b']));
    expect(liveWatchOccasion('u1', '2026-11-20', ['a'])).toBe('live.watch:u1:2026-11-20:a');
  });

  it('differs by account, by day, by the trips open, and outside every window', () => {
    const base = liveWatchOccasion('u1', '2026-11-20', ['a']);
    expect(liveWatchOccasion('u2', '2026-11-20', ['a'])).not.toBe(base);
    expect(liveWatchOccasion('u1', '2026-11-21', ['a'])).not.toBe(base);
    expect(liveWatchOccasion('u1', '2026-11-20', ['a', 'b'])).not.toBe(base);
    expect(liveWatchOccasion('u1', '2026-11-20', [])).toBe('live.watch:u1:2026-11-20:-');
  });
});
