import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { TransportRouter } from '@switchyard/api/transport/router';
import { createUnbatchedClient } from '../../shared/api/create-unbatched-client.ts';
import { forgetCachedData, queryClient } from '../../shared/query/query-client.ts';
import { navigate } from '../../shared/router/browser-location.ts';
import { impersonation } from './session/impersonation.ts';
import { tenantFor } from './session/known-tenant.ts';
import { operatorChoice } from './session/operator-choice.ts';
import { transportSession } from './session/transport-session.ts';
import { transportPaths } from './transport-paths.ts';

export type TransportOutputs = inferRouterOutputs<TransportRouter>;
export type TransportInputs = inferRouterInputs<TransportRouter>;

/**
 * The tenant goes in `x-tenant-id` (tRPC paths carry no tenant segment): staff are pinned to their
 * own tenant by the server anyway; families and public pages use the operator they picked.
 */
export const sessionHeaders = (): Record<string, string> => {
  const session = transportSession.read();
  const tenant = tenantFor(session, operatorChoice.read());

  return { ...(session ? { Authorization: `Bearer ${session.token}` } : {}), ...(tenant ? { 'x-tenant-id': tenant } : {}) };
};

/**
 * Only a 401 means the token is gone: forget it and send the person back to sign in. A 503 (the
 * identity provider could not say for now) or a lost connection keeps the session; the page shows
 * its error with "Try again".
 */
export const handleSessionStatus = (status: number): void => {
  if (status === 401 && transportSession.read()) {
    transportSession.clear();
    navigate(transportPaths.signIn('session-ended'), { replace: true });
  }
};

export const transportClient = createUnbatchedClient<TransportRouter>({ headers: sessionHeaders, onStatus: handleSessionStatus });

/** Calls made with an assumed identity; a 401 means the 15 minutes are over or it was ended. */
export const impersonationClient = createUnbatchedClient<TransportRouter>({
  headers: (): Record<string, string> => {
    const acting = impersonation.read();

    return acting ? { Authorization: `Bearer ${acting.token}` } : {};
  },
  onStatus: (status) => {
    if (status === 401 && impersonation.read()) {
      impersonation.clear();
      navigate(`${transportPaths.admin}?notice=impersonation-ended`, { replace: true });
    }
  },
});

/** Query and mutation options (`transportTrpc.operations.listBuses.queryOptions()`) in the page's one cache. */
export const transportTrpc = createTRPCOptionsProxy<TransportRouter>({ client: transportClient, queryClient });

/** The assumed identity calls only its own procedures, so its query keys never meet the others'. */
export const impersonationTrpc = createTRPCOptionsProxy<TransportRouter>({ client: impersonationClient, queryClient });

// Every call sends these three (token, tenant, assumed identity): when one changes, nothing loaded
// with the previous ones may stay on screen.
for (const store of [transportSession, operatorChoice, impersonation]) {
  store.subscribe(forgetCachedData);
}
