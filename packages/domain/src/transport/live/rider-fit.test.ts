import { describe, expect, it } from 'vitest';
import {
  addedConflicts,
  assertRidersFit,
  riderConflicts,
  schoolOfChild,
  servedSchools,
  unplacedChildren,
  type FitChild,
  type FitSchool,
} from './rider-fit.ts';

const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const schools: FitSchool[] = [
  { id: 'hill', name: 'Hill School', address: '1 Hill Rd' },
  { id: 'oak', name: 'Oak Academy', address: '2 Oak Rd' },
];
const child = (n: number, transportNeed: string, schoolId: string | null, school: string | null = null): FitChild => ({
  id: ID(n),
  name: `Child ${n}`,
  transportNeed,
  schoolId,
  school,
});
const byId = (...children: FitChild[]) => new Map(children.map((entry) => [entry.id, entry]));
const runs = (morning: unknown[], afternoon: unknown[]) => [
  {
    direction: 'morning' as const,
    stops: [
      { position: 1, riders: morning },
      { position: 2, riders: [] },
    ],
  },
  {
    direction: 'afternoon' as const,
    stops: [
      { position: 2, riders: [] },
      { position: 1, riders: afternoon },
    ],
  },
];
const stops = [
  { name: 'Oak & 5th', address: '5 Oak St' },
  { name: 'Hill School', address: null },
];

describe('servedSchools and schoolOfChild', () => {
  it('a route serves the schools its stops name; a child attends the school its id or its name names', () => {
    expect(servedSchools(stops, schools).map((school) => school.id)).toEqual(['hill']);
    expect(schoolOfChild({ schoolId: 'oak', school: 'Hill School' }, schools)?.id).toBe('oak');
    expect(schoolOfChild({ schoolId: null, school: '  hill  school ' }, schools)?.id).toBe('hill');
    expect(schoolOfChild({ schoolId: 'gone', school: 'Elsewhere' }, schools)).toBeNull();
  });
});

describe('riderConflicts', () => {
  it('a mornings-only child on the afternoon run is a direction conflict naming the stop; on the morning run it fits', () => {
    const kim = child(1, 'morning', 'hill');
    expect(riderConflicts(runs([kim.id], []), byId(kim), servedSchools(stops, schools), schools)).toEqual([]);
    const conflicts = riderConflicts(runs([], [kim.id]), byId(kim), servedSchools(stops, schools), schools);
    expect(conflicts).toEqual([
      expect.objectContaining({
        child_id: kim.id,
        kind: 'direction',
        direction: 'afternoon',
        stop: 1,
        message: `Child 1 (${kim.id}) rides mornings only but is placed on stop 1 of the afternoon run.`,
      }),
    ]);
  });

  it('a child of a school the route does not serve is one school conflict, even on both runs', () => {
    const lee = child(2, 'both', 'oak');
    const conflicts = riderConflicts(runs([{ child_id: lee.id }], [lee.id]), byId(lee), servedSchools(stops, schools), schools);
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({
      kind: 'school',
      message: `Child 2 (${lee.id}) attends Oak Academy, which this route does not serve (it serves Hill School).`,
    });
  });

  it('without a served school or a known school of the child there is nothing to compare; unknown ids and free text are left alone', () => {
    const lee = child(2, 'both', 'oak');
    const noSchool = child(3, 'both', null, 'Somewhere Else');
    expect(riderConflicts(runs([lee.id], []), byId(lee), [], schools)).toEqual([]);
    expect(riderConflicts(runs([noSchool.id, ID(9), 'Ann'], []), byId(noSchool), servedSchools(stops, schools), schools)).toEqual([]);
  });
});

describe('addedConflicts', () => {
  const conflict = (child_id: string, kind: 'direction' | 'school', direction: 'morning' | 'afternoon', stop = 1) => ({
    child_id,
    child_name: child_id,
    kind,
    direction,
    stop,
    message: `${child_id} ${kind}`,
  });

  it('keeps only the conflicts the route did not have: the same child, kind and (for a direction) run', () => {
    const before = [conflict('mia', 'direction', 'afternoon'), conflict('ben', 'school', 'morning')];
    // Moved to another stop, or the school conflict now found on the other run: not new.
    expect(addedConflicts([conflict('mia', 'direction', 'afternoon', 3), conflict('ben', 'school', 'afternoon')], before)).toEqual([]);
    // The same child on a run it does not ride that it was not on before: new.
    expect(addedConflicts([conflict('mia', 'direction', 'morning')], before)).toEqual([conflict('mia', 'direction', 'morning')]);
    expect(addedConflicts([conflict('cal', 'school', 'morning')], [])).toEqual([conflict('cal', 'school', 'morning')]);
  });
});

describe('assertRidersFit', () => {
  it('conflicts are a 409 naming each one unless overridden', () => {
    const kim = child(1, 'afternoon', 'oak');
    const conflicts = riderConflicts(runs([kim.id], []), byId(kim), servedSchools(stops, schools), schools);
    expect(conflicts.map((conflict) => conflict.kind)).toEqual(['direction', 'school']);
    expect(() => assertRidersFit(conflicts, false)).toThrow(
      expect.objectContaining({ code: 'conflict', message: expect.stringMatching(/afternoons only.*Oak Academy.*override/) }),
    );
    expect(() => assertRidersFit(conflicts, true)).not.toThrow();
    expect(() => assertRidersFit([], false)).not.toThrow();
    expect(() => assertRidersFit(conflicts, false, 'Fix the file.')).toThrow(/Oak Academy\)?[^]*Fix the file\.$/);
  });
});

describe('unplacedChildren', () => {
  it('lists the children of the served schools for each direction they ride that the route runs and no stop places them on', () => {
    const both = child(1, 'both', 'hill');
    const mornings = child(2, 'morning', null, 'Hill School');
    const otherSchool = child(3, 'both', 'oak');
    const placed = child(4, 'afternoon', 'hill');
    const list = unplacedChildren(
      [both, mornings, otherSchool, placed],
      servedSchools(stops, schools),
      schools,
      ['morning', 'afternoon'],
      [
        { childId: both.id, direction: 'morning' },
        { childId: placed.id, direction: 'afternoon' },
      ],
    );
    expect(list).toEqual([
      { child_id: both.id, child_name: 'Child 1', school_id: 'hill', school_name: 'Hill School', missing: ['afternoon'] },
      { child_id: mornings.id, child_name: 'Child 2', school_id: 'hill', school_name: 'Hill School', missing: ['morning'] },
    ]);
    // A mornings-only route does not list an afternoons-only child.
    expect(unplacedChildren([placed], servedSchools(stops, schools), schools, ['morning'], [])).toEqual([]);
  });
});
