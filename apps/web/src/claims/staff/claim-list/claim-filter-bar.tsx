import { useState, type FormEvent } from 'react';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { navigate } from '../../../shared/router/browser-location.ts';
import { statusOptions, tierOptions } from '../../shared/vocabulary-options.ts';
import { claimFiltersHref, readClaimFilters, type ClaimFilters } from './claim-filters.ts';

const ALL = { value: '', label: 'All' };

export const ClaimFilterBar = ({ filters }: { filters: ClaimFilters }) => {
  const [q, setQ] = useState(filters.q);
  // Any change of filter starts again at page 1.
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

  return (
    <form className="filters" onSubmit={search} role="search" aria-label="Filter claims">
      <SelectField id="filter-status" label="Status" value={filters.status ?? ''} options={[ALL, ...statusOptions]} onValueChange={(value) => apply({ status: value })} />
      <SelectField id="filter-tier" label="Tier" value={filters.tier ?? ''} options={[ALL, ...tierOptions]} onValueChange={(value) => apply({ tier: value })} />
      <div className="field filters__search">
        <label htmlFor="filter-q" className="field__label">
          Search
        </label>
        <div className="input-group">
          <input
            id="filter-q"
            className="input"
            type="search"
            placeholder="Claim, company or debtor"
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
          <button type="submit" className="button">
            Search
          </button>
        </div>
      </div>
    </form>
  );
};
