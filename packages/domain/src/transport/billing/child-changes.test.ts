import { describe, expect, it } from 'vitest';
import { changedChildFields, childFieldsAfter, moveSchoolChildrenInput, updateChildInput, type ChildFields } from './child-changes.ts';
import { DEFAULT_PRICING } from './rates.ts';

const before: ChildFields = {
  name: 'Ann',
  school: 'Oak Elementary',
  school_id: 'oak',
  grade: '3',
  transport_need: 'both',
  trip_type: 'two_way',
  rate_weekly_cents: 17_500,
};

describe('updateChildInput', () => {
  it('takes at least one known field and nothing else', () => {
    expect(updateChildInput.safeParse({ child_id: 'c1', name: ' Ann Lee ' }).data).toEqual({ child_id: 'c1', name: 'Ann Lee' });
    expect(updateChildInput.safeParse({ child_id: 'c1' }).success).toBe(false);
    expect(updateChildInput.safeParse({ child_id: 'c1', name: '   ' }).success).toBe(false);
    expect(updateChildInput.safeParse({ child_id: 'c1', transport_need: 'evening' }).success).toBe(false);
    expect(updateChildInput.safeParse({ child_id: 'c1', name: 'A', rate_weekly_cents: 0 }).success).toBe(false);
    expect(updateChildInput.safeParse({ child_id: 'c1', school_id: 'Oak School' }).success).toBe(false);
    expect(updateChildInput.safeParse({ child_id: 'c1', school_id: null }).success).toBe(true);
  });
});

describe('moveSchoolChildrenInput', () => {
  it('needs another school', () => {
    expect(moveSchoolChildrenInput.safeParse({ school_id: 'oak', to_school_id: 'elm' }).success).toBe(true);
    expect(moveSchoolChildrenInput.safeParse({ school_id: 'oak', to_school_id: 'oak' }).success).toBe(false);
  });
});

describe('childFieldsAfter', () => {
  it('reprices only when the need changes, at the tenant prices', () => {
    const renamed = childFieldsAfter(before, { name: 'Ann Lee' }, undefined, DEFAULT_PRICING);
    expect(renamed).toEqual({ ...before, name: 'Ann Lee' });
    const pricing = { ...DEFAULT_PRICING, weeklyRateCents: { one_way: 9_000, two_way: 15_000 } };
    expect(childFieldsAfter(before, { transport_need: 'morning' }, undefined, pricing)).toMatchObject({
      transport_need: 'morning',
      trip_type: 'one_way',
      rate_weekly_cents: 9_000,
    });
    expect(childFieldsAfter(before, { transport_need: 'both' }, undefined, pricing).rate_weekly_cents).toBe(17_500);
  });

  it('keeps the school name beside its id, and clears both for no school', () => {
    expect(childFieldsAfter(before, { school_id: 'elm' }, { id: 'elm', name: 'Elm Middle' }, DEFAULT_PRICING)).toMatchObject({
      school: 'Elm Middle',
      school_id: 'elm',
    });
    expect(childFieldsAfter(before, { school_id: null }, null, DEFAULT_PRICING)).toMatchObject({ school: null, school_id: null });
    expect(childFieldsAfter(before, { grade: '' }, undefined, DEFAULT_PRICING).grade).toBeNull();
  });
});

describe('changedChildFields', () => {
  it('names only what changed', () => {
    expect(changedChildFields(before, { ...before, name: 'Ann Lee' })).toEqual({ name: { from: 'Ann', to: 'Ann Lee' } });
    expect(changedChildFields(before, before)).toEqual({});
  });
});
