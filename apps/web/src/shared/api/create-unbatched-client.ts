import { createTRPCClient, httpLink, type TRPCLink } from '@trpc/client';
import type { AnyTRPCRouter } from '@trpc/server';

export type UnbatchedClientOptions = {
  headers: () => Record<string, string>;
  /** Sees every answer's HTTP status, so an expired credential can be dropped wherever it surfaces. */
  onStatus?: (status: number) => void;
};

/**
 * One unbatched tRPC client per credential. Unbatched, because a 401 or 403 then arrives as that
 * HTTP status and not inside a mixed 207 batch answer.
 */
export const createUnbatchedClient = <TRouter extends AnyTRPCRouter>({ headers, onStatus }: UnbatchedClientOptions) => {
  // Neither service uses a data transformer, so the link is the same for every router.
  const link = httpLink({
    url: '/trpc',
    headers,
    fetch: async (url, init) => {
      const response = await fetch(url, init as RequestInit);
      onStatus?.(response.status);

      return response;
    },
  }) as TRPCLink<AnyTRPCRouter> as TRPCLink<TRouter>;

  return createTRPCClient<TRouter>({ links: [link] });
};
