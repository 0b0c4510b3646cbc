/** The signed-in user as every transport endpoint sees it. */
export type SessionUser = { id: string; email: string; name: string; role: string | null; tenant_id: string | null };

export type IdentityUser = {
  id: string;
  email?: string | null;
  user_metadata?: Record<string, unknown> | null;
  app_metadata?: Record<string, unknown> | null;
  /** GoTrue's creation time (ISO 8601); a provider's answer is not trusted to carry it. */
  created_at?: unknown;
};

export const PRIVILEGED_ROLES = ['admin', 'platform_admin'] as const;
export const STAFF_ROLES = ['operator', 'admin', 'platform_admin'] as const;
/** Roles that act within one tenant; the privileged roles reach every tenant. */
export const TENANT_SCOPED_ROLES = ['parent', 'operator'] as const;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * Role and tenant come from the user's own metadata, falling back to the read-only app metadata,
 * except that the privileged roles count only from app metadata: a user can edit their own.
 * A role that comes from app metadata takes its tenant only from there: the user's own metadata
 * never lends a granted role a tenant, so an operator granted `acme` who writes `tenant_id: other`
 * stays an operator of `acme`, and one granted no tenant belongs to none (403 on tenant paths).
 */
export const toSessionUser = (user: IdentityUser): SessionUser => {
  const own = user.user_metadata ?? {};
  const granted = user.app_metadata ?? {};
  const ownRole = text(own.role);
  const grantedRole = text(granted.role);
  const ownRoleAllowed = ownRole !== null && !(PRIVILEGED_ROLES as readonly string[]).includes(ownRole);
  const email = text(user.email) ?? '';

  const role = (ownRoleAllowed ? ownRole : null) ?? grantedRole;
  const roleGranted = !ownRoleAllowed && grantedRole !== null;
  const grantedTenant = text(granted.tenant_id);

  return {
    id: user.id,
    email,
    name: text(own.display_name) ?? text(own.name) ?? text(own.full_name) ?? email,
    role,
    tenant_id: roleGranted ? grantedTenant : (text(own.tenant_id) ?? grantedTenant),
  };
};

export const isAdmin = (user: SessionUser): boolean => user.role !== null && (PRIVILEGED_ROLES as readonly string[]).includes(user.role);

/** The fixed user that `demo-` tokens stand for when DEMO_TOKENS is on and the provider says no. */
export const DEMO_USER: SessionUser = { id: 'demo-user', email: 'demo@demo.local', name: 'Demo Admin', role: 'admin', tenant_id: 'demo' };
