import { CLAIM_STATUSES, CLAIM_TIERS, type ClaimStatus, type ClaimTier } from '@switchyard/domain/claims/vocabulary';
import { STAFF_LIST_SORTS, type StaffListSort } from '@switchyard/domain/claims/schemas';

export const PAGE_SIZE = 25;

export type SortOrder = 'asc' | 'desc';

export type ClaimFilters = {
  status: ClaimStatus | undefined;
  tier: ClaimTier | undefined;
  q: string;
  /** Days of intake (YYYY-MM-DD, UTC, both inclusive); the statistics' month bars set them. */
  createdFrom: string | undefined;
  createdTo: string | undefined;
  /** Only claims with a client message or upload no staff member has opened since. */
  clientActivity: boolean;
  /** A staff member's id, `none` (nobody's) or `me` (the signed-in member's). */
  assignee: string | undefined;
  sort: StaffListSort;
  order: SortOrder;
  page: number;
};

export const DEFAULT_SORT: StaffListSort = 'created_at';
export const DEFAULT_ORDER: SortOrder = 'desc';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null): string | undefined => (value && DAY.test(value) ? value : undefined);

const MEMBER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A hand-edited address with a wrong assignee lists every claim rather than failing the page. */
const assigneeOf = (value: string | null): string | undefined =>
  value === 'none' || value === 'me' || (value && MEMBER_ID.test(value)) ? value : undefined;

/** Filters live in the address, so the back button and shared links keep them. */
export const readClaimFilters = (params: URLSearchParams): ClaimFilters => {
  const status = params.get('status');
  const tier = params.get('tier');
  const sort = params.get('sort');
  const order = params.get('order');
  const page = Number.parseInt(params.get('page') ?? '1', 10);

  return {
    status: CLAIM_STATUSES.find((value) => value === status),
    tier: CLAIM_TIERS.find((value) => value === tier),
    q: params.get('q') ?? '',
    createdFrom: day(params.get('created_from')),
    createdTo: day(params.get('created_to')),
    clientActivity: params.get('has_client_activity') === 'true',
    assignee: assigneeOf(params.get('assignee')),
    sort: STAFF_LIST_SORTS.find((value) => value === sort) ?? DEFAULT_SORT,
    order: order === 'asc' || order === 'desc' ? order : DEFAULT_ORDER,
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
};

/** Which claims the filters choose, as the API takes them (list, export and a bulk change): blanks left out. */
export const claimFiltersOnly = (filters: ClaimFilters) => ({
  status: filters.status,
  tier: filters.tier,
  q: filters.q.trim() || undefined,
  created_from: filters.createdFrom,
  created_to: filters.createdTo,
  has_client_activity: filters.clientActivity ? ('true' as const) : undefined,
  assignee: filters.assignee,
});

/** The filters and order as the API takes them (list and export): no pages, blanks left out. */
export const claimFiltersQuery = (filters: ClaimFilters) => ({
  ...claimFiltersOnly(filters),
  sort: filters.sort,
  order: filters.order,
});

const searchParamsOf = (filters: ClaimFilters, withDefaults: boolean): URLSearchParams => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(claimFiltersQuery(filters))) {
    if (value !== undefined && value !== '') {
      params.set(name, value);
    }
  }
  // The default order stays out of the address, so the plain list keeps its plain link.
  if (!withDefaults && filters.sort === DEFAULT_SORT && filters.order === DEFAULT_ORDER) {
    params.delete('sort');
    params.delete('order');
  }

  return params;
};

export const claimFiltersHref = (filters: ClaimFilters): string => {
  const params = searchParamsOf(filters, false);
  if (filters.page > 1) {
    params.set('page', String(filters.page));
  }
  const query = params.toString();

  return `/staff${query ? `?${query}` : ''}`;
};

export const claimsExportUrl = (filters: ClaimFilters): string => `/api/staff/claims/export?${searchParamsOf(filters, true).toString()}`;

export const NO_FILTERS: ClaimFilters = {
  status: undefined,
  tier: undefined,
  q: '',
  createdFrom: undefined,
  createdTo: undefined,
  clientActivity: false,
  assignee: undefined,
  sort: DEFAULT_SORT,
  order: DEFAULT_ORDER,
  page: 1,
};

export const hasFilters = (filters: ClaimFilters): boolean =>
  Boolean(
    filters.status ||
    filters.tier ||
    filters.q.trim() ||
    filters.createdFrom ||
    filters.createdTo ||
    filters.clientActivity ||
    filters.assignee,
  );
