import { createTRPCClient, httpLink } from '@trpc/client';
import type { inferRouterOutputs } from '@trpc/server';
import type { ClaimsRouter } from '@switchyard/api/claims/router';

export type ClaimsOutputs = inferRouterOutputs<ClaimsRouter>;

type ClaimsClientOptions = {
  headers: () => Record<string, string>;
  /** Sees every answer's HTTP status, so an expired credential can be dropped wherever it surfaces. */
  onStatus?: (status: number) => void;
};

/**
 * One unbatched tRPC client per credential. Unbatched, because a 401 or 403 then arrives as that
 * HTTP status and not inside a mixed 207 batch answer.
 */
export const createClaimsClient = ({ headers, onStatus }: ClaimsClientOptions) =>
  createTRPCClient<ClaimsRouter>({
    links: [
      httpLink({
        url: '/trpc',
        headers,
        fetch: async (url, init) => {
          const response = await fetch(url, init as RequestInit);
          onStatus?.(response.status);

          return response;
        },
      }),
    ],
  });

export type ClaimsClient = ReturnType<typeof createClaimsClient>;
