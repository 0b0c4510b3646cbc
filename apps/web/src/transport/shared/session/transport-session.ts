import { createStoredValue } from '../../../shared/storage/stored-value.ts';

export type SessionUser = { id: string; email: string; name: string; role: string | null; tenant_id: string | null };

/**
 * The signed-in user and their access token. Kept in localStorage so a person stays signed in
 * across tabs for the token's life; any 401 drops it and the person signs in again.
 */
export type TransportSession = { token: string; user: SessionUser };

const isSession = (value: unknown): value is TransportSession =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TransportSession).token === 'string' &&
  typeof (value as TransportSession).user === 'object';

export const transportSession = createStoredValue(() => window.localStorage, 'switchyard.transport.session', isSession);

export const STAFF_ROLES = ['operator', 'admin', 'platform_admin'] as const;
export const ADMIN_ROLES = ['admin', 'platform_admin'] as const;

export const isStaff = (user: SessionUser): boolean => (STAFF_ROLES as readonly (string | null)[]).includes(user.role);
export const isPlatformAdmin = (user: SessionUser): boolean => (ADMIN_ROLES as readonly (string | null)[]).includes(user.role);
