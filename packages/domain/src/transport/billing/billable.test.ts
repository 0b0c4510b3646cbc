import { describe, expect, it } from 'vitest';
import { isBillableRegistration } from './billable.ts';

describe('isBillableRegistration', () => {
  it('bills approved households and those entered by staff, never pending or rejected ones', () => {
    expect(isBillableRegistration('approved')).toBe(true);
    expect(isBillableRegistration(null)).toBe(true);
    expect(isBillableRegistration('pending')).toBe(false);
    expect(isBillableRegistration('rejected')).toBe(false);
  });
});
