import type { inferRouterOutputs } from '@trpc/server';
import type { ClaimsRouter } from '@switchyard/api/claims/router';
import { createUnbatchedClient, type UnbatchedClientOptions } from '../../shared/api/create-unbatched-client.ts';

export type ClaimsOutputs = inferRouterOutputs<ClaimsRouter>;

export const createClaimsClient = (options: UnbatchedClientOptions) => createUnbatchedClient<ClaimsRouter>(options);

export type ClaimsClient = ReturnType<typeof createClaimsClient>;
