import { describe, expect, it } from 'vitest';
import { isAdmin, toSessionUser } from './session-user.ts';

describe('toSessionUser', () => {
  it('takes role and tenant from user metadata, falling back to app metadata', () => {
    expect(toSessionUser({ id: '1', email: 'a@b.c', user_metadata: { role: 'parent', tenant_id: 'acme', display_name: 'Ann' } })).toEqual({
      id: '1',
      email: 'a@b.c',
      name: 'Ann',
      role: 'parent',
      tenant_id: 'acme',
    });
    expect(
      toSessionUser({ id: '1', email: 'a@b.c', user_metadata: {}, app_metadata: { role: 'operator', tenant_id: 'acme' } }),
    ).toMatchObject({
      role: 'operator',
      tenant_id: 'acme',
      name: 'a@b.c',
    });
  });

  it('honours admin and platform_admin only from app metadata', () => {
    const selfPromoted = toSessionUser({ id: '1', email: 'a@b.c', user_metadata: { role: 'platform_admin' }, app_metadata: {} });
    expect(selfPromoted.role).toBeNull();
    expect(isAdmin(selfPromoted)).toBe(false);
    const granted = toSessionUser({ id: '1', email: 'a@b.c', user_metadata: { role: 'admin' }, app_metadata: { role: 'platform_admin' } });
    expect(granted.role).toBe('platform_admin');
    expect(isAdmin(granted)).toBe(true);
  });

  it('keeps a granted role in its granted tenant whatever the user writes into their own metadata', () => {
    const moved = toSessionUser({
      id: '1',
      email: 'op@acme.test',
      user_metadata: { tenant_id: 'other' },
      app_metadata: { role: 'operator', tenant_id: 'acme' },
    });
    expect(moved).toMatchObject({ role: 'operator', tenant_id: 'acme' });
    // Without a granted tenant a granted role has none: the user's own tenant never lends it one.
    expect(
      toSessionUser({ id: '1', email: 'a@b.c', user_metadata: { tenant_id: 'acme' }, app_metadata: { role: 'operator' } }),
    ).toMatchObject({
      role: 'operator',
      tenant_id: null,
    });
    // A self-described parent keeps the tenant they signed up to.
    expect(
      toSessionUser({ id: '1', email: 'a@b.c', user_metadata: { role: 'parent', tenant_id: 'acme' }, app_metadata: { tenant_id: 'demo' } }),
    ).toMatchObject({
      role: 'parent',
      tenant_id: 'acme',
    });
  });

  it('gives a granted role no tenant when app metadata names none, whatever user metadata says', () => {
    for (const role of ['operator', 'parent', 'admin', 'platform_admin']) {
      const user = toSessionUser({
        id: '1',
        email: 'a@b.c',
        user_metadata: { tenant_id: 'acme', display_name: 'Op' },
        app_metadata: { role },
      });
      expect(user, role).toMatchObject({ role, tenant_id: null, name: 'Op' });
    }
    // A privileged role written into user metadata is ignored, and so is the tenant beside it.
    expect(
      toSessionUser({ id: '1', email: 'a@b.c', user_metadata: { role: 'admin', tenant_id: 'acme' }, app_metadata: { role: 'operator' } }),
    ).toMatchObject({
      role: 'operator',
      tenant_id: null,
    });
  });

  it('keeps the decisions order for a role from user metadata and for a user without a role', () => {
    expect(
      toSessionUser({
        id: '1',
        email: 'a@b.c',
        user_metadata: { role: 'operator', tenant_id: 'acme' },
        app_metadata: { tenant_id: 'demo' },
      }),
    ).toMatchObject({
      role: 'operator',
      tenant_id: 'acme',
    });
    expect(
      toSessionUser({ id: '1', email: 'a@b.c', user_metadata: { role: 'parent' }, app_metadata: { tenant_id: 'demo' } }),
    ).toMatchObject({
      role: 'parent',
      tenant_id: 'demo',
    });
    expect(toSessionUser({ id: '1', email: 'a@b.c', user_metadata: { tenant_id: 'acme' }, app_metadata: {} })).toMatchObject({
      role: null,
      tenant_id: 'acme',
    });
  });
});
