import { describe, expect, it } from 'vitest';
import { createBusInput } from './schemas.ts';
import { manualBusFix } from './manual-bus-fix.ts';

const now = new Date('2026-11-20T08:00:00.000Z');

describe('a bus added by an operator', () => {
  it('is stamped now when it has a position, and has no report time without one', () => {
    expect(manualBusFix({ lat: 32.05, lng: -81.1, heading: 90 }, now)).toEqual({
      position: { lat: 32.05, lng: -81.1, heading: 90, speed: null },
      lastUpdate: now,
    });
    expect(manualBusFix({}, now)).toEqual({ position: { lat: null, lng: null, heading: null, speed: null }, lastUpdate: null });
  });

  it('needs both coordinates or neither, and a tracker-style id', () => {
    expect(createBusInput.safeParse({ bus_id: 'bus-7' }).success).toBe(true);
    expect(createBusInput.safeParse({ bus_id: 'bus-7', lat: 32, lng: -81 }).success).toBe(true);
    const half = createBusInput.safeParse({ bus_id: 'bus-7', lat: 32 });
    expect(half.success).toBe(false);
    expect(half.error?.issues[0]?.path).toEqual(['lng']);
    expect(createBusInput.safeParse({ bus_id: 'bus 7' }).success).toBe(false);
    expect(createBusInput.safeParse({ bus_id: 'bus-7', heading: 400 }).success).toBe(false);
  });
});
