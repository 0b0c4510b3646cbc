import { QueryObserver } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetCachedData, invalidates, queryClient } from './query-client.ts';

afterEach(() => queryClient.clear());

/** Answers 1, 2, 3… so a test can tell a refetched answer from the cached one. */
const counter = () => {
  let calls = 0;

  return { queryFn: async () => ++calls, calls: () => calls };
};

describe('invalidates', () => {
  it('settles only after the queries on screen have their new answer', async () => {
    const source = counter();
    const observer = new QueryObserver(queryClient, { queryKey: ['claims', 'list'], queryFn: source.queryFn });
    const unsubscribe = observer.subscribe(() => undefined);
    await expect.poll(() => observer.getCurrentResult().data).toBe(1);

    await invalidates({ queryKey: ['claims'] })();

    expect(source.calls()).toBe(2);
    expect(observer.getCurrentResult().data).toBe(2);
    unsubscribe();
  });

  it('marks queries not on screen stale without fetching them', async () => {
    const source = counter();
    await queryClient.fetchQuery({ queryKey: ['billing', 'households'], queryFn: source.queryFn });

    await invalidates({ queryKey: ['billing'] })();

    expect(source.calls()).toBe(1);
    expect(queryClient.getQueryState(['billing', 'households'])?.isInvalidated).toBe(true);
  });

  it('leaves other routers alone', async () => {
    await queryClient.fetchQuery({ queryKey: ['operations', 'buses'], queryFn: async () => 'buses' });

    await invalidates({ queryKey: ['billing'] })();

    expect(queryClient.getQueryState(['operations', 'buses'])?.isInvalidated).toBe(false);
  });
});

describe('forgetCachedData', () => {
  it('drops what was loaded for the previous credential', async () => {
    await queryClient.fetchQuery({ queryKey: ['claims', 'get'], queryFn: async () => 'someone else’s claim' });

    forgetCachedData();

    expect(queryClient.getQueryData(['claims', 'get'])).toBeUndefined();
  });
});

describe('retries', () => {
  const retry = queryClient.getDefaultOptions().queries?.retry;
  const shouldRetry = (failures: number, error: Error) => (typeof retry === 'function' ? retry(failures, error) : retry);

  it('tries a lost connection once more', () => {
    const lost = new TRPCClientError('fetch failed');
    expect(shouldRetry(0, lost)).toBe(true);
    expect(shouldRetry(1, lost)).toBe(false);
  });

  it('tries once more when the server could not answer for now (503), which keeps the session', () => {
    const unavailable = new TRPCClientError('The identity provider could not be reached; try again in a moment.', {
      result: {
        error: {
          message: 'The identity provider could not be reached; try again in a moment.',
          code: -32603,
          data: { appCode: 'service_unavailable' },
        },
      },
    });
    expect(shouldRetry(0, unavailable)).toBe(true);
    expect(shouldRetry(1, unavailable)).toBe(false);
  });

  it('does not repeat an answer from the server', () => {
    const refused = new TRPCClientError('Claim not found', {
      result: { error: { message: 'Claim not found', code: -32004, data: { appCode: 'not_found' } } },
    });
    expect(shouldRetry(0, refused)).toBe(false);
  });
});
