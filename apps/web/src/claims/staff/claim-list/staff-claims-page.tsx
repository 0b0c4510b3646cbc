import { useQuery } from '@tanstack/react-query';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { navigate } from '../../../shared/router/browser-location.ts';
import { useLocation } from '../../../shared/router/use-location.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { staffTrpc } from '../staff-client.ts';
import { ClaimFilterBar } from './claim-filter-bar.tsx';
import { claimFiltersHref, claimFiltersQuery, PAGE_SIZE, readClaimFilters } from './claim-filters.ts';
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
        {(result) => (
          <section className="card card--flush" aria-label="Claims">
            {result.claims.length === 0 ? <EmptyState title="No claims match these filters" /> : <ClaimsTable claims={result.claims} />}
            <Pagination
              page={filters.page}
              pageSize={PAGE_SIZE}
              total={result.total}
              onPage={(page) => navigate(claimFiltersHref({ ...filters, page }))}
            />
          </section>
        )}
      </QueryView>
    </>
  );
};
