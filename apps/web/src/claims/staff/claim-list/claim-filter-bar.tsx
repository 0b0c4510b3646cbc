import { useState, type FormEvent } from 'react';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { navigate } from '../../../shared/router/browser-location.ts';
import { statusOptions, tierOptions } from '../../shared/vocabulary-options.ts';
import { useAssigneeOptions } from '../assignee/assignee-options.ts';
import { claimFiltersHref, hasFilters, NO_FILTERS, readClaimFilters, type ClaimFilters } from './claim-filters.ts';
import { SORT_OPTIONS, sortValue } from './claim-sort-options.ts';

const ALL = { value: '', label: 'All' };
const SORT_SELECT = SORT_OPTIONS.map((option) => ({ value: sortValue(option.sort, option.order), label: option.label }));

export const ClaimFilterBar = ({ filters }: { filters: ClaimFilters }) => {
  const [q, setQ] = useState(filters.q);
  const assignees = useAssigneeOptions();
  // Any change of filter or order starts again at page 1.
  const apply = (change: Record<string, string>) => {
    const params = new URLSearchParams(claimFiltersHref({ ...filters, page: 1 }).split('?')[1] ?? '');
    for (const [name, value] of Object.entries(change)) {
      params.set(name, value);
    }
    navigate(claimFiltersHref({ ...readClaimFilters(params), page: 1 }));
  };

  const search = (event: FormEvent) => {
    event.preventDefault();
    apply({ q });
  };

  const sortBy = (value: string) => {
    const [sort = '', order = ''] = value.split(':');
    apply({ sort, order });
  };

  return (
    <form className="filters" onSubmit={search} role="search" aria-label="Filter claims">
      <SelectField
        id="filter-status"
        label="Status"
        value={filters.status ?? ''}
        options={[ALL, ...statusOptions]}
        onValueChange={(value) => apply({ status: value })}
      />
      <SelectField
        id="filter-tier"
        label="Tier"
        value={filters.tier ?? ''}
        options={[ALL, ...tierOptions]}
        onValueChange={(value) => apply({ tier: value })}
      />
      <SelectField
        id="filter-assignee"
        label="Assignee"
        value={filters.assignee ?? ''}
        options={[{ value: '', label: 'Anyone' }, ...assignees.filter]}
        onValueChange={(value) => apply({ assignee: value })}
      />
      <SelectField
        id="filter-sort"
        label="Sort by"
        value={sortValue(filters.sort, filters.order)}
        options={SORT_SELECT}
        onValueChange={sortBy}
      />
      <div className="field filters__search">
        <label htmlFor="filter-q" className="field__label">
          Search
        </label>
        <div className="input-group">
          <input
            id="filter-q"
            className="input"
            type="search"
            placeholder="Claim, name or email"
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
          <button type="submit" className="button">
            Search
          </button>
        </div>
      </div>
      <label className="filters__check" htmlFor="filter-activity">
        <input
          id="filter-activity"
          type="checkbox"
          checked={filters.clientActivity}
          onChange={(event) => apply({ has_client_activity: event.target.checked ? 'true' : '' })}
        />
        Client replied, not yet opened
      </label>
      {filters.createdFrom || filters.createdTo ? (
        <p className="filters__range">
          Taken in {filters.createdFrom ?? 'any time'} to {filters.createdTo ?? 'today'} (UTC)
          <button type="button" className="button button--small" onClick={() => apply({ created_from: '', created_to: '' })}>
            Any date
          </button>
        </p>
      ) : null}
      {hasFilters(filters) ? (
        <p className="filters__clear">
          <button
            type="button"
            className="button button--small"
            // The chosen order stays: clearing is about which claims, not how they are listed.
            onClick={() => navigate(claimFiltersHref({ ...NO_FILTERS, sort: filters.sort, order: filters.order }))}
          >
            Clear filters
          </button>
        </p>
      ) : null}
    </form>
  );
};
