import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryClient } from '../../../shared/query/query-client.ts';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { Link } from '../../../shared/router/link.tsx';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { NotesTimeline } from '../../shared/notes-timeline.tsx';
import { StatusBadge } from '../../shared/status-badge.tsx';
import { TierProgress } from '../../shared/tier-progress.tsx';
import { portalTrpc } from '../portal-client.ts';
import { portalPaths } from '../portal-paths.ts';
import { ClaimFacts } from './claim-facts.tsx';
import { MessageForm } from './message-form.tsx';
import { PortalDocuments } from './portal-documents.tsx';

export const ClaimDetailPage = ({ claimNumber }: { claimNumber: string }) => {
  useDocumentTitle(claimNumber);
  const claimQuery = useQuery(portalTrpc.claims.get.queryOptions({ claim_number: claimNumber }));
  // Reading the claim clears its news on the server, so the cached list's "New" mark is now stale.
  const readAt = claimQuery.dataUpdatedAt;
  useEffect(() => {
    if (readAt > 0) {
      void queryClient.invalidateQueries(portalTrpc.claims.list.pathFilter());
    }
  }, [readAt]);

  return (
    <>
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <Link to={portalPaths.claims}>My claims</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{claimNumber}</span>
      </nav>
      <QueryView query={claimQuery} loadingLabel="Loading the claim…" errorTitle="The claim could not be loaded">
        {(claim) => (
          <div className="detail">
            <header className="page-header page-header--row">
              <div>
                <p className="page-header__eyebrow">Claim against {claim.debtor.name}</p>
                <h1 className="page-header__title">{claim.claim_number}</h1>
              </div>
              <StatusBadge status={claim.status} label={claim.status_label} />
            </header>
            <section className="card" aria-labelledby="progress-title">
              <h2 id="progress-title" className="card__title">
                Recovery progress
              </h2>
              <TierProgress tierStep={claim.tier_step} tierBadge={claim.tier_badge} />
            </section>
            <div className="detail__grid">
              <div className="detail__main">
                <section className="card" aria-labelledby="facts-title">
                  <h2 id="facts-title" className="card__title">
                    Claim details
                  </h2>
                  <ClaimFacts claim={claim} />
                </section>
                <section className="card" aria-labelledby="messages-title">
                  <h2 id="messages-title" className="card__title">
                    Messages and updates
                  </h2>
                  <MessageForm claimNumber={claim.claim_number} />
                  <NotesTimeline notes={claim.notes} viewer="client" />
                </section>
              </div>
              <section className="card detail__side" aria-labelledby="documents-title">
                <h2 id="documents-title" className="card__title">
                  Documents
                </h2>
                <PortalDocuments claimNumber={claim.claim_number} documents={claim.documents} />
              </section>
            </div>
          </div>
        )}
      </QueryView>
    </>
  );
};
