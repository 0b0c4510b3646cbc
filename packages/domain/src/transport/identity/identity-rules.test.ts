import { describe, expect, it } from 'vitest';
import { isValidEmail, normalizeEmail, passwordProblem } from './credentials.ts';
import { isPlainObject, mergeMetadata } from './metadata.ts';

describe('metadata updates', () => {
  it('merge shallowly and remove keys set to null', () => {
    expect(mergeMetadata({ a: 1, b: { c: 2 }, d: 'x' }, { b: { e: 3 }, d: null, f: true })).toEqual({ a: 1, b: { e: 3 }, f: true });
  });

  it('start from nothing when nothing is stored', () => {
    expect(mergeMetadata(null, { role: 'parent', gone: null })).toEqual({ role: 'parent' });
  });

  it('accept only plain objects as metadata', () => {
    expect(isPlainObject({})).toBe(true);
    expect(isPlainObject([])).toBe(false);
    expect(isPlainObject(null)).toBe(false);
    expect(isPlainObject('x')).toBe(false);
  });
});

describe('credentials', () => {
  it('compare emails without case or surrounding spaces', () => {
    expect(normalizeEmail('  Ann@Example.COM ')).toBe('ann@example.com');
  });

  it('refuse addresses a mail server could not take', () => {
    expect(isValidEmail('ann@example.com')).toBe(true);
    expect(isValidEmail('ann@example')).toBe(false);
    expect(isValidEmail('ann example@x.org')).toBe(false);
    expect(isValidEmail(`${'a'.repeat(250)}@x.org`)).toBe(false);
  });

  it('ask for at least six characters in a password', () => {
    expect(passwordProblem('12345')).toMatch(/at least 6/);
    expect(passwordProblem('123456')).toBeNull();
    expect(passwordProblem('x'.repeat(1001))).toMatch(/at most/);
  });
});

describe('self-assigned roles', () => {
  it('allow parent or nothing, and nothing else', async () => {
    const { selfAssignedRoleProblem } = await import('./metadata.ts');
    expect(selfAssignedRoleProblem({})).toBeNull();
    expect(selfAssignedRoleProblem({ role: 'parent' })).toBeNull();
    expect(selfAssignedRoleProblem({ role: null })).toBeNull();
    expect(selfAssignedRoleProblem({ role: 'operator' })).toMatch(/Only the role "parent"/);
    expect(selfAssignedRoleProblem({ role: ['admin'] })).not.toBeNull();
  });
});

describe('self-moved tenants', () => {
  it('allow an unchanged tenant, and refuse a first one after sign-up, moving or removing one', async () => {
    const { selfMovedTenantProblem } = await import('./metadata.ts');
    expect(selfMovedTenantProblem(null, { display_name: 'Ann' })).toBeNull();
    expect(selfMovedTenantProblem({ display_name: 'Ann' }, { tenant_id: null })).toBeNull();
    expect(selfMovedTenantProblem(null, { tenant_id: 'acme' })).toMatch(/administrator/);
    expect(selfMovedTenantProblem({ display_name: 'Ann' }, { tenant_id: 'acme' })).toMatch(/administrator/);
    expect(selfMovedTenantProblem({ tenant_id: 'acme' }, { tenant_id: 'acme' })).toBeNull();
    expect(selfMovedTenantProblem({ tenant_id: 'acme' }, { tenant_id: 'other' })).toMatch(/administrator/);
    expect(selfMovedTenantProblem({ tenant_id: 'acme' }, { tenant_id: null })).toMatch(/administrator/);
  });
});
