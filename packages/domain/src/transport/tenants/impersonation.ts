import { createHash, randomBytes } from 'node:crypto';

export const IMPERSONATION_TTL_MS = 15 * 60 * 1000;
export const DEFAULT_TARGET_ROLE = 'operator';

/** 32 random bytes, URL-safe; only its digest is stored. */
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');

export const digestOpaqueToken = (raw: string): string => createHash('sha256').update(raw, 'utf8').digest('hex');

export const impersonationExpiry = (start: Date): Date => new Date(start.getTime() + IMPERSONATION_TTL_MS);

/** The line the web app shows across the top while an administrator acts as a tenant. */
export const impersonationBanner = (session: { tenantId: string; userEmail: string | null; targetRole: string; expiresAt: Date }): string =>
  `Acting as ${session.userEmail ?? session.targetRole} (${session.targetRole}) in tenant ${session.tenantId} until ${session.expiresAt.toISOString()}`;
