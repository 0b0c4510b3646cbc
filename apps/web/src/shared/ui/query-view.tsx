import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { readAppError } from '../api/read-app-error.ts';
import { FormAlert } from '../forms/form-alert.tsx';
import { LoadingBlock } from './loading-block.tsx';

type QueryViewProps<T> = {
  query: UseQueryResult<T, unknown>;
  /** Shown while the first answer loads and while a changed input (filter, page) loads. */
  loadingLabel?: string;
  /** What could not be loaded, e.g. "The claims could not be loaded". */
  errorTitle?: string;
  children: (data: T) => ReactNode;
};

/** A query's failure with "Try again"; also for queries that feed a form rather than a list. */
export const QueryError = ({ query, title }: { query: UseQueryResult<unknown, unknown>; title: string }) => (
  <FormAlert title={title}>
    <p>{readAppError(query.error).message}</p>
    <button type="button" className="button button--small alert__action" onClick={() => void query.refetch()} disabled={query.isFetching}>
      {query.isFetching ? 'Trying again…' : 'Try again'}
    </button>
  </FormAlert>
);

/**
 * The states of one query, the same on every page: a spinner for the first load; an error with
 * "Try again"; the data. When the input changes (a filter, a page) the previous answer stays on
 * screen, dimmed and marked busy, under a loading line until the new one arrives. A refresh after a
 * change (invalidation) swaps the data in place without dimming.
 */
export const QueryView = <T,>({
  query,
  loadingLabel = 'Loading…',
  errorTitle = 'This could not be loaded',
  children,
}: QueryViewProps<T>) => {
  if (query.isPending) {
    return <LoadingBlock label={loadingLabel} />;
  }
  if (query.data === undefined) {
    // Failed with nothing to show: also when a changed input failed, since the placeholder
    // (the previous input's answer) is dropped then rather than answering the wrong question.
    return <QueryError query={query} title={errorTitle} />;
  }
  const isSwitching = query.isPlaceholderData && query.isFetching;

  return (
    <>
      {query.isError ? <QueryError query={query} title={errorTitle} /> : null}
      {isSwitching ? (
        <div className="refreshing" role="status" aria-live="polite">
          <span className="loading__spinner" aria-hidden="true" />
          {loadingLabel}
        </div>
      ) : null}
      <div className={isSwitching ? 'query-data query-data--stale' : 'query-data'} aria-busy={isSwitching || undefined}>
        {children(query.data)}
      </div>
    </>
  );
};
