import { claimsQueries, createClaimsClient } from './claims-client.ts';

/** For the calls anyone may make: intake, asking for a sign-in link, redeeming one. */
export const publicClient = createClaimsClient({ headers: () => ({}) });

export const publicTrpc = claimsQueries(publicClient);
