import { describe, expect, it } from 'vitest';
import { DomainError } from '../../errors.ts';
import { assertKnownChildren, assertOneStopPerDirection, childIdsOfStops, riderChildId } from './riders.ts';

const kid = '0b6f5f0e-6a43-4c1c-9d55-0a8f2d6c1e11';
const other = '7d1b1a52-2f1e-4f7a-b3a0-55c2fd0e6d22';

describe('riders', () => {
  it('reads child ids from ids and child_id objects; free text names no child', () => {
    expect(riderChildId(kid)).toBe(kid);
    expect(riderChildId({ child_id: other.toUpperCase(), seat: 3 })).toBe(other);
    expect(riderChildId('Ann')).toBeNull();
    expect(riderChildId({ name: 'Bo' })).toBeNull();
    expect(childIdsOfStops([{ riders: [kid, 'Ann'] }, { riders: [{ child_id: kid }] }, {}])).toEqual([kid]);
  });

  it('names an unknown child', () => {
    expect(() => assertKnownChildren([kid, other], new Set([kid]))).toThrow(
      new DomainError('validation_error', `Rider ${other} is not a child of this tenant.`),
    );
    expect(() => assertKnownChildren([kid], new Set([kid]))).not.toThrow();
  });

  it('one stop per run: two stops of one run, or the same direction on another route, conflict', () => {
    const names = new Map([[kid, 'Kim']]);
    const morning = (stops: { position: number; riders: unknown[] }[]) => [{ direction: 'morning' as const, stops }];
    expect(() =>
      assertOneStopPerDirection(
        morning([
          { position: 1, riders: [kid] },
          { position: 2, riders: [kid] },
        ]),
        [],
        names,
      ),
    ).toThrow(/Kim \(.*\) rides stop 1 and stop 2 of this route in the morning/);
    const placed = [{ childId: kid, routeId: 'north', routeName: 'North', direction: 'morning' as const, stopPosition: 4 }];
    expect(() => assertOneStopPerDirection(morning([{ position: 1, riders: [kid] }]), placed, names)).toThrow(
      /already rides stop 4 of route North \(north\) in the morning/,
    );
    const afternoonOnly = [{ ...placed[0]!, direction: 'afternoon' as const }];
    expect(() => assertOneStopPerDirection(morning([{ position: 1, riders: [kid] }]), afternoonOnly, names)).not.toThrow();
    // One stop in the morning and one in the afternoon of the same route is two runs, not a conflict.
    expect(() =>
      assertOneStopPerDirection(
        [...morning([{ position: 1, riders: [kid] }]), { direction: 'afternoon', stops: [{ position: 2, riders: [kid] }] }],
        [],
        names,
      ),
    ).not.toThrow();
  });
});
