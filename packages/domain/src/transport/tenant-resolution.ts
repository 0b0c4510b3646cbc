/**
 * Which tenant a request is for. The orders are the specification's; the functions are pure so
 * they are tested once here and every endpoint applies the same rule.
 */

export const DEFAULT_TENANT = 'demo';

const SKIPPED_SUBDOMAINS = new Set(['www', 'my', 'app', 'ops', 'webmail']);

export type RequestTenantHints = {
  /** First path segment when the request came in as /{tenant}/api/...; null for /api/... */
  pathTenant: string | null;
  headerTenant: string | null;
  queryTenant: string | null;
  host: string | null;
};

const clean = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim().toLowerCase();

  return trimmed ? trimmed : null;
};

/** The tenant a signed-in request names: the user's tenant, then the path, the header; null when none does. */
export const namedProtectedTenant = (userTenant: string | null | undefined, hints: RequestTenantHints): string | null =>
  clean(userTenant) ?? clean(hints.pathTenant) ?? clean(hints.headerTenant);

/** For endpoints that need a signed-in user: the user's tenant, then the path, the header, demo. */
export const resolveProtectedTenant = (userTenant: string | null | undefined, hints: RequestTenantHints): string =>
  namedProtectedTenant(userTenant, hints) ?? DEFAULT_TENANT;

/** The first label of the host that names a tenant, if any (`acme.example.com` -> `acme`). */
export const subdomainTenant = (host: string | null): string | null => {
  const name = clean(host)?.replace(/:\d+$/, '');
  if (!name || /^\d+(\.\d+){3}$/.test(name) || name.startsWith('[')) {
    return null;
  }
  const labels = name.split('.');
  if (labels.length < 3) {
    return null;
  }
  const first = labels[0] as string;
  if (SKIPPED_SUBDOMAINS.has(first) || /^\d+$/.test(first)) {
    return null;
  }

  return first;
};

/** For public endpoints: query, header, host subdomain, path, demo. */
export const resolvePublicTenant = (hints: RequestTenantHints): string =>
  clean(hints.queryTenant) ?? clean(hints.headerTenant) ?? subdomainTenant(hints.host) ?? clean(hints.pathTenant) ?? DEFAULT_TENANT;

/** For the public full registration: body, header, demo (the host is not read). */
export const resolveSignupTenant = (bodyTenant: string | null | undefined, hints: RequestTenantHints): string =>
  clean(bodyTenant) ?? clean(hints.headerTenant) ?? DEFAULT_TENANT;
