import type { StaffListSort } from '@switchyard/domain/claims/schemas';
import type { SortOrder } from './claim-filters.ts';

/** Each column in both orders, named as a person reads them; the value is `sort:order`. */
export const SORT_OPTIONS: readonly { sort: StaffListSort; order: SortOrder; label: string }[] = [
  { sort: 'created_at', order: 'desc', label: 'Newest first' },
  { sort: 'created_at', order: 'asc', label: 'Oldest first' },
  { sort: 'updated_at', order: 'desc', label: 'Recently updated' },
  { sort: 'updated_at', order: 'asc', label: 'Least recently updated' },
  { sort: 'amount_cents', order: 'desc', label: 'Amount, highest first' },
  { sort: 'amount_cents', order: 'asc', label: 'Amount, lowest first' },
  { sort: 'claim_number', order: 'desc', label: 'Claim number, highest first' },
  { sort: 'claim_number', order: 'asc', label: 'Claim number, lowest first' },
  { sort: 'status', order: 'asc', label: 'Status, earliest stage first' },
  { sort: 'status', order: 'desc', label: 'Status, latest stage first' },
];

export const sortValue = (sort: StaffListSort, order: SortOrder): string => `${sort}:${order}`;
