import { createStoredValue } from '../../../shared/storage/stored-value.ts';

/**
 * An administrator's assumed identity. The token is kept for this tab only (sessionStorage): it
 * stands for a tenant's staff for 15 minutes and should not outlive the browser session.
 */
export type Impersonation = { token: string; tenant_id: string; expires_at: string; banner: string };

const isImpersonation = (value: unknown): value is Impersonation =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Impersonation).token === 'string' &&
  typeof (value as Impersonation).banner === 'string';

export const impersonation = createStoredValue(() => window.sessionStorage, 'switchyard.transport.impersonation', isImpersonation);
