import { navigate } from '../../shared/router/browser-location.ts';
import { claimsQueries, createClaimsClient } from '../shared/claims-client.ts';
import { portalPaths } from './portal-paths.ts';
import { clearSession, readSession } from './session/portal-session.ts';

export const bearerHeaders = (): Record<string, string> => {
  const session = readSession();

  return session ? { Authorization: `Bearer ${session.token}` } : {};
};

/** Any 401 means the session is gone: forget it and send the person back to sign in. */
export const handlePortalStatus = (status: number): void => {
  if (status === 401 && readSession()) {
    clearSession();
    navigate(portalPaths.signIn('session-ended'), { replace: true });
  }
};

export const portalClient = createClaimsClient({ headers: bearerHeaders, onStatus: handlePortalStatus });

export const portalTrpc = claimsQueries(portalClient);
