import { CLAIM_STATUSES, CLAIM_TIERS, type ClaimStatus, type ClaimTier } from '@switchyard/domain/claims/vocabulary';

export const PAGE_SIZE = 25;

export type ClaimFilters = { status: ClaimStatus | undefined; tier: ClaimTier | undefined; q: string; page: number };

/** Filters live in the address, so the back button and shared links keep them. */
export const readClaimFilters = (params: URLSearchParams): ClaimFilters => {
  const status = params.get('status');
  const tier = params.get('tier');
  const page = Number.parseInt(params.get('page') ?? '1', 10);

  return {
    status: CLAIM_STATUSES.find((value) => value === status),
    tier: CLAIM_TIERS.find((value) => value === tier),
    q: params.get('q') ?? '',
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
};

export const claimFiltersHref = (filters: ClaimFilters): string => {
  const params = new URLSearchParams();
  if (filters.status) {
    params.set('status', filters.status);
  }
  if (filters.tier) {
    params.set('tier', filters.tier);
  }
  if (filters.q.trim()) {
    params.set('q', filters.q.trim());
  }
  if (filters.page > 1) {
    params.set('page', String(filters.page));
  }
  const query = params.toString();

  return `/staff${query ? `?${query}` : ''}`;
};
