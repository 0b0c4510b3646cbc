import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { readAppError } from '../../../shared/api/read-app-error.ts';
import { Fact } from '../../../shared/fact.tsx';
import { formatDate, formatDateTime } from '../../../shared/format/format-date.ts';
import { formatDollars } from '../../../shared/format/format-dollars.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { TextAreaField } from '../../../shared/forms/text-area-field.tsx';
import { PageHeader } from '../../../shared/layout/page-header.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { StateBadge } from '../../shared/state-badge.tsx';
import { transportTrpc } from '../../shared/transport-client.ts';
import { afterBillingChange, afterTenantsChange } from '../../shared/transport-invalidation.ts';
import { transportNeedLabel } from '../../shared/transport-need-label.ts';
import { transportPaths } from '../../shared/transport-paths.ts';
import { policyTitles } from '../../shared/policy-titles.ts';

/** The household facts the review shows; the API answers them as the household detail. */
type HouseholdFacts = {
  address: string | null;
  first_pickup_date: string | null;
  policy_acknowledged: string[];
  emergency_contacts: { name: string; phone: string; relationship?: string | null }[];
  payers: { id: string; name: string; email: string | null; phone: string | null; relationship: string | null; is_primary: boolean }[];
  children: {
    id: string;
    name: string;
    school: string | null;
    grade: string | null;
    route: string | null;
    transport_need: string;
    rate_weekly: number;
  }[];
  weekly_total: number;
};
type InvoiceFacts = { id: string; kind: string; status: string; amount: number };

/** One registration with every fact a reviewer needs; approving or rejecting asks first. */
export const RegistrationPage = ({ registrationId }: { registrationId: string }) => {
  useDocumentTitle('Registration');
  const review = useQuery(transportTrpc.billing.getRegistration.queryOptions({ reg_id: registrationId }));
  const onDecided = async () => {
    await Promise.all([afterBillingChange(), afterTenantsChange()]);
  };
  const approve = useMutation(transportTrpc.billing.approveRegistration.mutationOptions({ onSuccess: onDecided }));
  const reject = useMutation(transportTrpc.billing.rejectRegistration.mutationOptions({ onSuccess: onDecided }));
  const [asking, setAsking] = useState<'approve' | 'reject' | null>(null);
  const [reason, setReason] = useState('');
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const decide = async (action: 'approve' | 'reject') => {
    setOutcome(null);
    try {
      if (action === 'approve') {
        const answer = await approve.mutateAsync({ reg_id: registrationId });
        setOutcome({
          tone: 'success',
          text: answer.email_sent
            ? 'Approved. The family was emailed the registration fee.'
            : 'Approved. The email could not be sent; approve again later to resend it.',
        });
      } else {
        const answer = await reject.mutateAsync({ reg_id: registrationId, ...(reason.trim() ? { reason: reason.trim() } : {}) });
        setOutcome({ tone: 'success', text: answer.email_sent ? 'Rejected. The family was emailed the reason.' : 'Rejected.' });
      }
    } catch (error) {
      setOutcome({ tone: 'error', text: readAppError(error).message });
    } finally {
      setAsking(null);
    }
  };

  return (
    <QueryView query={review} loadingLabel="Loading the registration…" errorTitle="The registration could not be loaded">
      {({ registration, household: raw, invoices: rawInvoices }) => {
        const household = raw as unknown as HouseholdFacts;
        const invoices = rawInvoices as unknown as InvoiceFacts[];
        const name = registration.parent_name;

        return (
          <>
            <PageHeader
              eyebrow="Registration"
              title={name}
              lead={`Submitted ${registration.created_at ? formatDateTime(registration.created_at) : ''}`}
              actions={
                <div className="row-actions">
                  <a className="button" href={transportPaths.registrations}>
                    All registrations
                  </a>
                  {registration.status !== 'approved' ? (
                    <button type="button" className="button button--primary" onClick={() => setAsking('approve')}>
                      Approve…
                    </button>
                  ) : null}
                  {registration.status !== 'rejected' ? (
                    <button type="button" className="button" onClick={() => setAsking('reject')}>
                      Reject…
                    </button>
                  ) : null}
                </div>
              }
            />
            {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
            <section className="card" aria-label="Registration">
              <dl className="facts">
                <Fact label="Status">
                  <StateBadge state={registration.status} />
                </Fact>
                <Fact label="Email">{registration.parent_email}</Fact>
                <Fact label="Phone">{registration.parent_phone ?? '—'}</Fact>
                <Fact label="Address">{household.address ?? '—'}</Fact>
                <Fact label="First pickup">{household.first_pickup_date ? formatDate(household.first_pickup_date) : 'Not set'}</Fact>
                <Fact label="Weekly total">{formatDollars(household.weekly_total)}</Fact>
                <Fact label="Policies accepted" wide>
                  {household.policy_acknowledged.length > 0 ? policyTitles(household.policy_acknowledged) : 'None'}
                </Fact>
                {registration.decision_reason ? (
                  <Fact label="Reason given" wide>
                    {registration.decision_reason}
                  </Fact>
                ) : null}
                {registration.decided_by ? <Fact label="Decided by">{registration.decided_by}</Fact> : null}
              </dl>
            </section>
            <section className="card" aria-labelledby="children-heading">
              <h2 id="children-heading">Children</h2>
              <ul className="plain-list">
                {household.children.map((child) => (
                  <li key={child.id}>
                    <strong>{child.name}</strong> · {child.school ?? 'School not given'}
                    {child.grade ? `, grade ${child.grade}` : ''} · {transportNeedLabel(child.transport_need)} ·{' '}
                    {child.route ?? 'no route yet'} · {formatDollars(child.rate_weekly)}/week
                  </li>
                ))}
              </ul>
            </section>
            <section className="card" aria-labelledby="payers-heading">
              <h2 id="payers-heading">Parents and payers</h2>
              <ul className="plain-list">
                {household.payers.map((payer) => (
                  <li key={payer.id}>
                    <strong>{payer.name}</strong>
                    {payer.is_primary ? ' (registering parent)' : payer.relationship ? ` (${payer.relationship})` : ''} ·{' '}
                    {payer.email ?? 'no email'} · {payer.phone ?? 'no phone'}
                  </li>
                ))}
              </ul>
            </section>
            <section className="card" aria-labelledby="emergency-heading">
              <h2 id="emergency-heading">Emergency contacts</h2>
              {household.emergency_contacts.length === 0 ? (
                <p className="muted">None given</p>
              ) : (
                <ul className="plain-list">
                  {household.emergency_contacts.map((contact, index) => (
                    <li key={`${contact.name}-${index}`}>
                      <strong>{contact.name}</strong> · {contact.phone}
                      {contact.relationship ? ` · ${contact.relationship}` : ''}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className="card" aria-labelledby="invoices-heading">
              <h2 id="invoices-heading">Invoices</h2>
              <ul className="plain-list">
                {invoices.map((invoice) => (
                  <li key={invoice.id}>
                    {invoice.kind === 'registration' ? 'Registration fee' : 'Transport'} · {formatDollars(invoice.amount)} ·{' '}
                    <StateBadge state={invoice.status} />
                  </li>
                ))}
              </ul>
            </section>
            {asking === 'approve' ? (
              <ConfirmDialog
                title={`Approve ${name}'s registration?`}
                confirmLabel="Approve and email the fee"
                busyLabel="Approving…"
                tone="primary"
                isBusy={approve.isPending}
                onConfirm={() => void decide('approve')}
                onCancel={() => setAsking(null)}
              >
                <p>The family is emailed the registration fee with a way to pay it.</p>
              </ConfirmDialog>
            ) : null}
            {asking === 'reject' ? (
              <ConfirmDialog
                title={`Reject ${name}'s registration?`}
                confirmLabel="Reject and email the family"
                busyLabel="Rejecting…"
                isBusy={reject.isPending}
                canConfirm={reason.trim().length > 0}
                onConfirm={() => void decide('reject')}
                onCancel={() => setAsking(null)}
              >
                <TextAreaField
                  id="reject-reason"
                  label="Reason (emailed to the family)"
                  value={reason}
                  onValueChange={setReason}
                  required
                  rows={3}
                  maxLength={1000}
                />
              </ConfirmDialog>
            ) : null}
          </>
        );
      }}
    </QueryView>
  );
};
