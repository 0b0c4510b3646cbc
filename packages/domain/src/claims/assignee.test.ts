import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import { ensureAssignable, resolveAssigneeFilter } from './assignee.ts';

const member = {
  kind: 'member',
  id: 'a3f1c6de-52b4-4c8e-9d0a-1b2c3d4e5f60',
  email: 'rita@example.com',
  name: 'Rita',
  isAdmin: false,
  sessionId: 's',
} as const;
const OTHER = '0b7e3c2a-1d4f-4a6b-8c9d-0e1f2a3b4c5d';

/** The refusal a call throws, as code and message; null when it throws nothing. */
const refusalOf = (run: () => unknown): { code: string; message: string } | null => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) {
      return { code: error.code, message: error.message };
    }
    throw error;
  }

  return null;
};

describe('resolveAssigneeFilter', () => {
  it('keeps a member id, none and no filter as they are', () => {
    expect(resolveAssigneeFilter('none', member)).toBe('none');
    expect(resolveAssigneeFilter(undefined, member)).toBeUndefined();
    expect(resolveAssigneeFilter(OTHER, { kind: 'key' })).toBe(OTHER);
  });

  it('turns me into the signed-in member', () => {
    expect(resolveAssigneeFilter('me', member)).toBe(member.id);
  });

  it('refuses me for the shared key', () => {
    expect(refusalOf(() => resolveAssigneeFilter('me', { kind: 'key' }))?.code).toBe('validation_error');
  });
});

describe('ensureAssignable', () => {
  it('accepts an active member', () => {
    expect(refusalOf(() => ensureAssignable({ name: 'Rita', active: true }))).toBeNull();
  });

  it('refuses an unknown member as bad input and an inactive one as a conflict naming them', () => {
    expect(refusalOf(() => ensureAssignable(null))?.code).toBe('validation_error');
    expect(refusalOf(() => ensureAssignable({ name: 'Old Hand', active: false }))).toEqual({
      code: 'conflict',
      message: expect.stringContaining('Old Hand'),
    });
  });
});
