import type { ClaimListFilter } from '@switchyard/db/claims/reporting-reads';
import { boundWithinStorableYears } from '@switchyard/domain/calendar-date';
import type { ClaimStatus, ClaimTier } from '@switchyard/domain/claims/vocabulary';
import { builder } from '../builder.ts';
import { invalidInputError } from '../../../graphql-common/graphql-errors.ts';
import { ClaimStatusEnum, ClaimTierEnum } from './enums.ts';

const DAY_MS = 86_400_000;
const MAX_SEARCH = 200;

export const ClaimFilterInput = builder.inputType('ClaimFilter', {
  description: 'All given conditions apply together; a list matches any of its values.',
  fields: (t) => ({
    status: t.field({ type: [ClaimStatusEnum], required: false }),
    tier: t.field({ type: [ClaimTierEnum], required: false }),
    createdFrom: t.field({ type: 'Date', required: false, description: 'Taken in on or after this day (UTC).' }),
    createdTo: t.field({ type: 'Date', required: false, description: 'Taken in on or before this day (UTC).' }),
    search: t.string({
      required: false,
      description: 'Part of the claim number, the company name or the debtor name, case-insensitive.',
    }),
  }),
});

export type ClaimFilterValue = {
  status?: readonly ClaimStatus[] | null | undefined;
  tier?: readonly ClaimTier[] | null | undefined;
  createdFrom?: string | null | undefined;
  createdTo?: string | null | undefined;
  search?: string | null | undefined;
};

export const utcDayStart = (date: string): Date => new Date(`${date}T00:00:00Z`);

/** The GraphQL filter as the reads take it: day bounds become instants, the end exclusive. */
export const toListFilter = (filter: ClaimFilterValue | null | undefined): ClaimListFilter => {
  if (!filter) {
    return {};
  }
  if (filter.search && filter.search.length > MAX_SEARCH) {
    throw invalidInputError(`search must be at most ${MAX_SEARCH} characters.`);
  }
  // PostgreSQL text cannot hold U+0000; the statement would fail as a server error.
  if (filter.search?.includes('\u0000')) {
    throw invalidInputError('search must not contain NUL characters.');
  }
  if (filter.createdFrom && filter.createdTo && filter.createdFrom > filter.createdTo) {
    throw invalidInputError('createdFrom must not be after createdTo.');
  }

  return {
    statuses: filter.status ?? undefined,
    tiers: filter.tier ?? undefined,
    createdFrom: filter.createdFrom ? utcDayStart(filter.createdFrom) : undefined,
    // The day after 9999-12-31 is in year 10000, which no statement is given.
    createdBefore: filter.createdTo ? boundWithinStorableYears(new Date(utcDayStart(filter.createdTo).getTime() + DAY_MS)) : undefined,
    search: filter.search?.trim() || undefined,
  };
};
