import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { ClaimsRouter } from '@switchyard/api/claims/router';
import { createUnbatchedClient, type UnbatchedClientOptions } from '../../shared/api/create-unbatched-client.ts';
import { queryClient } from '../../shared/query/query-client.ts';

export type ClaimsOutputs = inferRouterOutputs<ClaimsRouter>;

export const createClaimsClient = (options: UnbatchedClientOptions) => createUnbatchedClient<ClaimsRouter>(options);

export type ClaimsClient = ReturnType<typeof createClaimsClient>;

/**
 * Query and mutation options for one credential's client (`trpc.staff.list.queryOptions(input)`),
 * all in the page's one cache. Staff, portal and public calls use different procedures, so their
 * query keys (the procedure's path and input) never collide.
 */
export const claimsQueries = (client: ClaimsClient) => createTRPCOptionsProxy<ClaimsRouter>({ client, queryClient });
