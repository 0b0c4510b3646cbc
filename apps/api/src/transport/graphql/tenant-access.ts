import { isAdmin, type SessionUser } from '@switchyard/domain/transport/session-user';
import { resolveProtectedTenant, type RequestTenantHints } from '@switchyard/domain/transport/tenant-resolution';
import { tenantSlug } from '@switchyard/domain/transport/tenants/schemas';

export type TenantChoice = { tenantId: string; allowed: boolean };

const clean = (value: string | null | undefined): string | null => value?.trim().toLowerCase() || null;

/**
 * Which tenant a report reads, and whether this staff user may read it. A `tenant` argument names
 * it outright; without one the REST order applies (the user's own tenant, then `X-Tenant-Id`, then
 * `demo`). Platform administrators may read any tenant, everyone else only their own: another
 * tenant is refused whether or not it exists, so the answer never tells which tenants exist.
 */
export const chooseTenant = (user: SessionUser, requested: string | null | undefined, hints: RequestTenantHints): TenantChoice => {
  const tenantId = clean(requested) ?? resolveProtectedTenant(user.tenant_id, hints);

  return { tenantId, allowed: isAdmin(user) || clean(user.tenant_id) === tenantId };
};

/**
 * Whether a chosen tenant id could name a tenant at all. One that cannot is answered as unknown
 * without a statement: PostgreSQL refuses some characters in text (NUL) with a server error.
 */
export const couldBeTenant = (tenantId: string): boolean => tenantSlug.safeParse(tenantId).success;
