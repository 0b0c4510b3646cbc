export type Metadata = Record<string, unknown>;

/**
 * GoTrue's metadata update: a shallow merge into what is stored, where a key set to null is
 * removed. A user with no metadata yet simply takes the patch (without its null keys).
 */
export const mergeMetadata = (stored: Metadata | null | undefined, patch: Metadata): Metadata => {
  const merged: Metadata = { ...(stored ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) {
      delete merged[key];
    } else {
      merged[key] = value;
    }
  }

  return merged;
};

export const isPlainObject = (value: unknown): value is Metadata => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The only role a user may give themselves; staff roles are granted in app metadata. */
export const SELF_ASSIGNABLE_ROLE = 'parent';

/**
 * The service reads a role from user metadata before app metadata, and users write their own user
 * metadata: so the built-in provider lets them write no role there but `parent`.
 */
export const selfAssignedRoleProblem = (data: Metadata): string | null =>
  data.role === undefined || data.role === null || data.role === SELF_ASSIGNABLE_ROLE
    ? null
    : `Only the role "${SELF_ASSIGNABLE_ROLE}" can be set in user metadata; other roles are granted by an administrator`;

/**
 * A user picks their tenant when they sign up (sign-up data is not checked here); afterwards
 * giving an account a tenant, moving or removing it is an administrator's change. Only writing the
 * tenant that is already there (or clearing one that is not) changes nothing and is allowed.
 */
export const selfMovedTenantProblem = (stored: Metadata | null | undefined, patch: Metadata): string | null => {
  if (!('tenant_id' in patch)) {
    return null;
  }
  const current = stored?.tenant_id ?? null;
  const next = patch.tenant_id ?? null;

  return next === current ? null : 'The tenant of an account is changed by an administrator';
};
