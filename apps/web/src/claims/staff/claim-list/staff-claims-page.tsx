import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { navigate } from '../../../shared/router/browser-location.ts';
import { useLocation } from '../../../shared/router/use-location.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { staffTrpc } from '../staff-client.ts';
import { ClaimFilterBar } from './claim-filter-bar.tsx';
import { BulkChangeBar } from './bulk-change-bar.tsx';
import { claimFiltersHref, claimFiltersQuery, PAGE_SIZE, readClaimFilters } from './claim-filters.ts';
import { NOTHING_SELECTED, type ClaimSelection } from './claim-selection.ts';
import { SelectionStrip } from './selection-strip.tsx';
import { ClaimsTable } from './claims-table.tsx';
import { ExportClaimsButton } from './export-claims-button.tsx';
import { Pagination } from './pagination.tsx';

export const StaffClaimsPage = () => {
  useDocumentTitle('Claims');
  const { searchParams } = useLocation();
  const filters = readClaimFilters(searchParams);
  const claims = useQuery(
    staffTrpc.staff.list.queryOptions({
      ...claimFiltersQuery(filters),
      limit: PAGE_SIZE,
      offset: (filters.page - 1) * PAGE_SIZE,
    }),
  );
  // The selection belongs to the filters it was made under: other filters start with none.
  const filtersKey = JSON.stringify(claimFiltersQuery(filters));
  const [selected, setSelected] = useState<{ key: string; selection: ClaimSelection }>({ key: filtersKey, selection: NOTHING_SELECTED });
  const selection = selected.key === filtersKey ? selected.selection : NOTHING_SELECTED;
  const select = (next: ClaimSelection) => setSelected({ key: filtersKey, selection: next });
  const [result, setResult] = useState<Parameters<typeof BulkChangeBar>[0]['result']>(null);

  return (
    <>
      <header className="page-header page-header--row">
        <div>
          <p className="page-header__eyebrow">Staff console</p>
          <h1 className="page-header__title">Claims</h1>
        </div>
        <ExportClaimsButton filters={filters} />
      </header>
      <ClaimFilterBar key={filters.q} filters={filters} />
      <QueryView query={claims} loadingLabel="Loading claims…" errorTitle="The claims could not be loaded">
        {(list) => (
          <>
            {selection.kind === 'matching' || selection.numbers.size > 0 || result ? (
              <BulkChangeBar
                selection={selection}
                filters={filters}
                total={list.total}
                onDone={() => select(NOTHING_SELECTED)}
                result={result}
                onResult={setResult}
              />
            ) : null}
            <section className="card card--flush" aria-label="Claims">
              {list.claims.length === 0 ? (
                <EmptyState title="No claims match these filters" />
              ) : (
                <>
                  <SelectionStrip
                    selection={selection}
                    onSelection={select}
                    page={list.claims.map((claim) => claim.claim_number)}
                    total={list.total}
                  />
                  <ClaimsTable claims={list.claims} selection={selection} onSelection={select} />
                </>
              )}
              <Pagination
                page={filters.page}
                pageSize={PAGE_SIZE}
                total={list.total}
                onPage={(page) => navigate(claimFiltersHref({ ...filters, page }))}
              />
            </section>
          </>
        )}
      </QueryView>
    </>
  );
};
