import { DomainError } from '@switchyard/domain/errors';
import type { SessionUser } from '@switchyard/domain/transport/session-user';
import { mayManageStaff } from '@switchyard/domain/transport/staff/invite-access';
import { findTenant, type TenantRow } from '@switchyard/db/transport/tenants';
import type { TransportContext } from '../context.ts';

/**
 * The tenant named in the path, once the caller may manage its staff. Refused before the tenant is
 * looked up, so an operator learns nothing about which other tenants exist.
 */
export const staffTenant = async (ctx: TransportContext & { user: SessionUser }, raw: string): Promise<TenantRow> => {
  const tenantId = raw.trim().toLowerCase();
  if (!mayManageStaff(ctx.user, tenantId)) {
    throw new DomainError('forbidden', 'Forbidden');
  }
  const tenant = await findTenant(ctx.em, tenantId);
  if (!tenant) {
    throw new DomainError('not_found', 'Tenant not found');
  }

  return tenant;
};
