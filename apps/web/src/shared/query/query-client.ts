import { keepPreviousData, QueryClient, type QueryFilters } from '@tanstack/react-query';
import { readAppError } from '../api/read-app-error.ts';

/** Failures that say nothing of the request: a lost connection, a server that could not answer for now (503). */
const PASSING_FAILURES = new Set(['network_error', 'service_unavailable']);

/** A passing failure is worth one more try; an answer from the server (404, 403, a refusal) is not. */
const retryPassingOnce = (failureCount: number, error: unknown): boolean =>
  failureCount < 1 && PASSING_FAILURES.has(readAppError(error).code);

/**
 * The one cache of a page (each SPA has its own). Data is fresh for 30 seconds, so moving between
 * pages shows what was loaded without asking again; after that a page shows its cached data and
 * refreshes it. A query whose input changes (a filter, a page) keeps its previous answer as
 * placeholder until the new one arrives, which `QueryView` shows dimmed under a loading line.
 * What a change makes stale is invalidated by the change itself (`invalidates` below).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: retryPassingOnce, placeholderData: keepPreviousData },
    mutations: { retry: false },
  },
});

/**
 * A mutation's `onSuccess`: marks the queries it changed stale and refetches those on screen. The
 * promise is returned, so the mutation settles only once the fresh data is in and the page never
 * shows "Saved" beside the old values.
 */
export const invalidates =
  (...filters: readonly QueryFilters[]) =>
  async (): Promise<void> => {
    await Promise.all(filters.map((filter) => queryClient.invalidateQueries(filter)));
  };

/**
 * Called when the credential or tenant a client sends changes (sign-in, sign-out, another
 * operator): nothing loaded for the previous person stays in the cache, and the queries on
 * screen load again with the new one.
 */
export const forgetCachedData = (): void => {
  void queryClient.resetQueries();
};
