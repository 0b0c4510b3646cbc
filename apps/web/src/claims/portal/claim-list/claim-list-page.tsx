import { useQuery } from '@tanstack/react-query';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { formatDate } from '../../../shared/format/format-date.ts';
import { Link } from '../../../shared/router/link.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { StatusBadge } from '../../shared/status-badge.tsx';
import { portalTrpc } from '../portal-client.ts';
import { portalPaths } from '../portal-paths.ts';
import { readSession } from '../session/portal-session.ts';

export const ClaimListPage = () => {
  useDocumentTitle('My claims');
  const claims = useQuery(portalTrpc.claims.list.queryOptions());
  const companyName = readSession()?.client.company_name;

  return (
    <>
      <header className="page-header page-header--row">
        <div>
          <p className="page-header__eyebrow">{companyName ?? 'Client portal'}</p>
          <h1 className="page-header__title">My claims</h1>
        </div>
        <Link to="/" className="button">
          Submit a new claim
        </Link>
      </header>
      <QueryView query={claims} loadingLabel="Loading your claims…" errorTitle="Your claims could not be loaded">
        {({ claims }) =>
          claims.length === 0 ? (
            <EmptyState title="You have no claims yet">
              <Link to="/">Submit your first claim</Link>
            </EmptyState>
          ) : (
            <ul className="claim-cards" aria-label="Claims">
              {claims.map((claim) => (
                <li key={claim.claim_number} className="claim-card">
                  <div className="claim-card__top">
                    <Link to={portalPaths.claim(claim.claim_number)} className="claim-card__number">
                      {claim.claim_number}
                    </Link>
                    {claim.has_news ? (
                      <span className="claim-card__news" title="News from our team since you last opened this claim">
                        New
                      </span>
                    ) : null}
                    <StatusBadge status={claim.status} label={claim.status_label} />
                  </div>
                  <p className="claim-card__amount">{claim.amount_display}</p>
                  <dl className="claim-card__facts">
                    <div>
                      <dt>Debtor</dt>
                      <dd>{claim.debtor_name}</dd>
                    </div>
                    <div>
                      <dt>Submitted</dt>
                      <dd>{formatDate(claim.created_at)}</dd>
                    </div>
                    <div>
                      <dt>Resolved</dt>
                      <dd>{formatDate(claim.date_resolved)}</dd>
                    </div>
                  </dl>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </>
  );
};
