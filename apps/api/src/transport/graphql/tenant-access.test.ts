import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@switchyard/domain/transport/session-user';
import type { RequestTenantHints } from '@switchyard/domain/transport/tenant-resolution';
import { chooseTenant, couldBeTenant } from './tenant-access.ts';

const user = (role: string | null, tenant: string | null): SessionUser => ({
  id: 'u',
  email: 'u@x.test',
  name: 'U',
  role,
  tenant_id: tenant,
});
const hints = (headerTenant: string | null = null): RequestTenantHints => ({
  pathTenant: null,
  headerTenant,
  queryTenant: null,
  host: null,
});

describe('chooseTenant', () => {
  it('lets an operator read their own tenant, named or not', () => {
    expect(chooseTenant(user('operator', 'acme'), null, hints())).toEqual({ tenantId: 'acme', allowed: true });
    expect(chooseTenant(user('operator', 'acme'), ' ACME ', hints())).toEqual({ tenantId: 'acme', allowed: true });
  });

  it('refuses an operator another tenant by argument, and ignores the header for them as REST does', () => {
    expect(chooseTenant(user('operator', 'acme'), 'demo', hints())).toEqual({ tenantId: 'demo', allowed: false });
    expect(chooseTenant(user('operator', 'acme'), null, hints('demo'))).toEqual({ tenantId: 'acme', allowed: true });
  });

  it('refuses a staff user without a tenant', () => {
    expect(chooseTenant(user('operator', null), null, hints())).toEqual({ tenantId: 'demo', allowed: false });
  });

  it('lets an administrator choose by argument, then header, then demo', () => {
    const admin = user('platform_admin', null);
    expect(chooseTenant(admin, 'acme', hints('other'))).toEqual({ tenantId: 'acme', allowed: true });
    expect(chooseTenant(admin, null, hints('Other'))).toEqual({ tenantId: 'other', allowed: true });
    expect(chooseTenant(admin, '', hints())).toEqual({ tenantId: 'demo', allowed: true });
  });
});

describe('couldBeTenant', () => {
  it('accepts slugs only', () => {
    expect(couldBeTenant('acme-buses-2')).toBe(true);
    expect(couldBeTenant('-acme')).toBe(false);
    expect(couldBeTenant('ac\u0000me')).toBe(false);
    expect(couldBeTenant('a'.repeat(64))).toBe(false);
  });
});
