import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { useRemote } from '../../../shared/remote/use-remote.ts';
import { navigate } from '../../../shared/router/browser-location.ts';
import { useLocation } from '../../../shared/router/use-location.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { RemoteView } from '../../../shared/ui/remote-view.tsx';
import { staffClient } from '../staff-client.ts';
import { ClaimFilterBar } from './claim-filter-bar.tsx';
import { claimFiltersHref, PAGE_SIZE, readClaimFilters } from './claim-filters.ts';
import { ClaimsTable } from './claims-table.tsx';
import { Pagination } from './pagination.tsx';

export const StaffClaimsPage = () => {
  useDocumentTitle('Claims');
  const { searchParams } = useLocation();
  const filters = readClaimFilters(searchParams);
  const { state } = useRemote(
    () =>
      staffClient.staff.list.query({
        status: filters.status,
        tier: filters.tier,
        q: filters.q.trim() || undefined,
        limit: PAGE_SIZE,
        offset: (filters.page - 1) * PAGE_SIZE,
      }),
    [filters.status, filters.tier, filters.q, filters.page],
  );

  return (
    <>
      <header className="page-header">
        <p className="page-header__eyebrow">Staff console</p>
        <h1 className="page-header__title">Claims</h1>
      </header>
      <ClaimFilterBar key={filters.q} filters={filters} />
      <RemoteView state={state} loadingLabel="Loading claims…">
        {(result) => (
          <section className="card card--flush" aria-label="Claims">
            {result.claims.length === 0 ? (
              <EmptyState title="No claims match these filters" />
            ) : (
              <ClaimsTable claims={result.claims} />
            )}
            <Pagination
              page={filters.page}
              pageSize={PAGE_SIZE}
              total={result.total}
              onPage={(page) => navigate(claimFiltersHref({ ...filters, page }))}
            />
          </section>
        )}
      </RemoteView>
    </>
  );
};
