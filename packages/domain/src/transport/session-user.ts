/** The signed-in user as every transport endpoint sees it. */
export type SessionUser = { id: string; email: string; name: string; role: string | null; tenant_id: string | null };

export type IdentityUser = {
  id: string;
  email?: string | null;
  user_metadata?: Record<string, unknown> | null;
  app_metadata?: Record<string, unknown> | null;
};

export const PRIVILEGED_ROLES = ['admin', 'platform_admin'] as const;
export const STAFF_ROLES = ['operator', 'admin', 'platform_admin'] as const;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * Role and tenant come from the user's own metadata, falling back to the read-only app metadata,
 * except that the privileged roles count only from app metadata: a user can edit their own.
 */
export const toSessionUser = (user: IdentityUser): SessionUser => {
  const own = user.user_metadata ?? {};
  const granted = user.app_metadata ?? {};
  const ownRole = text(own.role);
  const grantedRole = text(granted.role);
  const ownRoleAllowed = ownRole !== null && !(PRIVILEGED_ROLES as readonly string[]).includes(ownRole);
  const email = text(user.email) ?? '';

  return {
    id: user.id,
    email,
    name: text(own.display_name) ?? text(own.name) ?? text(own.full_name) ?? email,
    role: (ownRoleAllowed ? ownRole : null) ?? grantedRole,
    tenant_id: text(own.tenant_id) ?? text(granted.tenant_id),
  };
};

export const isAdmin = (user: SessionUser): boolean => user.role !== null && (PRIVILEGED_ROLES as readonly string[]).includes(user.role);

/** The fixed user that `demo-` tokens stand for when DEMO_TOKENS is on and the provider says no. */
export const DEMO_USER: SessionUser = { id: 'demo-user', email: 'demo@demo.local', name: 'Demo Admin', role: 'admin', tenant_id: 'demo' };
