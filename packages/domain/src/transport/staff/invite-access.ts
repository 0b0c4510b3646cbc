import { isAdmin, type SessionUser } from '../session-user.ts';

/**
 * Who may invite operator staff into a tenant, and read its staff list: platform administrators
 * into any tenant, an operator into their own tenant only. A tenant's operators run its term
 * without waiting for the platform; families never add staff.
 */
export const mayManageStaff = (user: SessionUser, tenantId: string): boolean =>
  isAdmin(user) || (user.role === 'operator' && user.tenant_id === tenantId);
