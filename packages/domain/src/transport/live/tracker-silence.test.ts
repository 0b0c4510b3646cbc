import { describe, expect, it } from 'vitest';
import { isOnScheduledRun, silentBusesByTenant, type ScheduledRun } from './tracker-silence.ts';

const at = new Date('2026-11-27T13:30:00Z');
const run = (over: Partial<ScheduledRun>): ScheduledRun => ({
  tenantId: 'demo',
  timeZone: 'UTC',
  busId: 'bus-1',
  firstTime: '13:00',
  lastTime: '14:00',
  lastPositionAt: null,
  ...over,
});

describe('tracker silence', () => {
  it('a run is scheduled from its first stop time to its last, on the tenant clocks', () => {
    expect(isOnScheduledRun(run({}), at)).toBe(true);
    expect(isOnScheduledRun(run({ firstTime: '13:31' }), at)).toBe(false);
    expect(isOnScheduledRun(run({ lastTime: '13:29' }), at)).toBe(false);
    // 13:30 UTC is 08:30 in New York.
    expect(isOnScheduledRun(run({ timeZone: 'America/New_York', firstTime: '08:00', lastTime: '09:00' }), at)).toBe(true);
    expect(isOnScheduledRun(run({ timeZone: 'America/New_York' }), at)).toBe(false);
  });

  it('counts per tenant the buses on a run without a position for more than 2 minutes, each bus once', () => {
    const counts = silentBusesByTenant(
      [
        run({ busId: 'never' }),
        run({ busId: 'stale', lastPositionAt: new Date(at.getTime() - 2 * 60_000 - 1) }),
        run({ busId: 'fresh', lastPositionAt: new Date(at.getTime() - 2 * 60_000) }),
        // The same silent bus on a second route's run counts once.
        run({ busId: 'never', firstTime: '13:15' }),
        // Off its run: not counted, and a tenant with no bus on a run is not named.
        run({ tenantId: 'other', busId: 'off', firstTime: '15:00', lastTime: '16:00' }),
        run({ tenantId: 'quiet', busId: 'fine', lastPositionAt: at }),
      ],
      at,
    );
    expect(Object.fromEntries(counts)).toEqual({ demo: 2, quiet: 0 });
  });
});
