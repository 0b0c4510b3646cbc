import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../session-user.ts';
import { mayManageStaff } from './invite-access.ts';

const user = (role: string | null, tenant_id: string | null): SessionUser => ({ id: 'u', email: 'u@x.test', name: 'U', role, tenant_id });

describe('mayManageStaff', () => {
  it('lets platform administrators manage any tenant', () => {
    expect(mayManageStaff(user('platform_admin', null), 'acme')).toBe(true);
    expect(mayManageStaff(user('admin', 'demo'), 'acme')).toBe(true);
  });

  it('lets an operator manage only their own tenant', () => {
    expect(mayManageStaff(user('operator', 'acme'), 'acme')).toBe(true);
    expect(mayManageStaff(user('operator', 'demo'), 'acme')).toBe(false);
  });

  it('never lets a family or a user without a role manage staff', () => {
    expect(mayManageStaff(user('parent', 'acme'), 'acme')).toBe(false);
    expect(mayManageStaff(user(null, 'acme'), 'acme')).toBe(false);
  });
});
