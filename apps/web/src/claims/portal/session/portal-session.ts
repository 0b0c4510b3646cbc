import { forgetCachedData } from '../../../shared/query/query-client.ts';

/**
 * The client's session token. Kept in localStorage so a signed-in client stays signed in across
 * tabs for the session's 7 days; dropped at its expiry, on logout and on any 401.
 */
export type PortalSession = {
  token: string;
  expiresAt: string;
  client: { client_number: string; company_name: string; contact_name: string };
};

const KEY = 'switchyard.claims.session';

export const readSession = (): PortalSession | null => {
  try {
    const stored = JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as PortalSession | null;
    if (!stored || typeof stored.token !== 'string' || Date.parse(stored.expiresAt) <= Date.now()) {
      return null;
    }

    return stored;
  } catch {
    return null;
  }
};

export const saveSession = (session: PortalSession): void => {
  window.localStorage.setItem(KEY, JSON.stringify(session));
  forgetCachedData();
};

export const clearSession = (): void => {
  window.localStorage.removeItem(KEY);
  forgetCachedData();
};
