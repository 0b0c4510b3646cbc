import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { Link } from '../../../shared/router/link.tsx';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { NotesTimeline } from '../../shared/notes-timeline.tsx';
import { StatusBadge } from '../../shared/status-badge.tsx';
import { TierProgress } from '../../shared/tier-progress.tsx';
import { staffTrpc } from '../staff-client.ts';
import { staffPaths } from '../staff-paths.ts';
import { AddNoteForm } from './add-note-form.tsx';
import { AuditTrail } from './audit-trail.tsx';
import { ChangeStatusForm } from './change-status-form.tsx';
import { ClaimKeyFacts } from './claim-key-facts.tsx';
import { ClaimSummary } from './claim-summary.tsx';
import { ContactCards } from './contact-cards.tsx';
import { CorrectDetails } from './correct-details-form.tsx';
import { StaffDocuments } from './staff-documents.tsx';

export const StaffClaimPage = ({ claimNumber }: { claimNumber: string }) => {
  useDocumentTitle(`${claimNumber} · Staff`);
  const claimQuery = useQuery(staffTrpc.staff.get.queryOptions({ claim_number: claimNumber }));
  const queryClient = useQueryClient();
  const openedAt = claimQuery.dataUpdatedAt;
  // Opening the claim cleared its client activity mark on the server: the list and the
  // statistics read again rather than show the mark from before.
  useEffect(() => {
    if (openedAt > 0) {
      void queryClient.invalidateQueries({ queryKey: staffTrpc.staff.list.queryKey() });
      void queryClient.invalidateQueries({ queryKey: staffTrpc.staff.stats.queryKey() });
    }
  }, [openedAt, queryClient]);

  return (
    <>
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <Link to={staffPaths.claims}>Claims</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{claimNumber}</span>
      </nav>
      <QueryView query={claimQuery} loadingLabel="Loading the claim…" errorTitle="The claim could not be loaded">
        {(claim) => (
          <div className="detail staff-claim">
            <header className="page-header page-header--row">
              <div>
                <p className="page-header__eyebrow">
                  {claim.client.company_name} vs {claim.debtor.name}
                </p>
                <h1 className="page-header__title">{claim.claim_number}</h1>
              </div>
              <StatusBadge status={claim.status} label={claim.status_label} showCode />
            </header>
            <div className="detail__grid">
              <div className="detail__main">
                <ClaimKeyFacts claim={claim} />
                <section className="card" aria-labelledby="stage-title">
                  <h2 id="stage-title" className="card__title">
                    Status and tier
                  </h2>
                  <TierProgress tierStep={claim.tier_step} tierBadge={claim.tier_badge} />
                  <ChangeStatusForm claim={claim} />
                </section>
                <section className="card" aria-labelledby="documents-title">
                  <h2 id="documents-title" className="card__title">
                    Documents
                  </h2>
                  <StaffDocuments claimNumber={claim.claim_number} documents={claim.documents} />
                </section>
                <section className="card" aria-labelledby="notes-title">
                  <h2 id="notes-title" className="card__title">
                    Notes
                  </h2>
                  <AddNoteForm claimNumber={claim.claim_number} />
                  <NotesTimeline notes={claim.notes} viewer="staff" />
                </section>
                <section className="card" aria-labelledby="audit-title">
                  <h2 id="audit-title" className="card__title">
                    Audit trail
                  </h2>
                  <AuditTrail entries={claim.audit} />
                </section>
              </div>
              <div className="detail__side detail__stack">
                <ClaimSummary claim={claim} />
                <CorrectDetails claim={claim} />
                <ContactCards claim={claim} />
              </div>
            </div>
          </div>
        )}
      </QueryView>
    </>
  );
};
