import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { REGISTRATION_STATUSES } from '@switchyard/domain/transport/billing/schemas';
import { readAppError } from '../../../shared/api/read-app-error.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { PageHeader } from '../../../shared/layout/page-header.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { navigate } from '../../../shared/router/browser-location.ts';
import { useLocation } from '../../../shared/router/use-location.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { transportTrpc } from '../../shared/transport-client.ts';
import { afterBillingChange } from '../../shared/transport-invalidation.ts';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { transportPaths } from '../../shared/transport-paths.ts';
import { RegistrationsTable } from '../../shared/registrations-table.tsx';

type Status = 'all' | (typeof REGISTRATION_STATUSES)[number];

const STATUS_OPTIONS = [{ value: 'all', label: 'All' }, ...REGISTRATION_STATUSES.map((status) => ({ value: status, label: `${status.charAt(0).toUpperCase()}${status.slice(1)}` }))];

/** Filters live in the address (`status`, `q`), so a filtered list can be reloaded and shared. */
export const RegistrationsPage = () => {
  useDocumentTitle('Registrations');
  const { searchParams } = useLocation();
  const status = (searchParams.get('status') ?? 'pending') as Status;
  const search = searchParams.get('q') ?? '';
  const [draft, setDraft] = useState(search);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const registrations = useQuery(transportTrpc.billing.listRegistrations.queryOptions({ status, ...(search ? { search } : {}) }));
  // Approving or rejecting moves a row between the status filters and changes the dashboard's count.
  const approve = useMutation(transportTrpc.billing.approveRegistration.mutationOptions({ onSuccess: afterBillingChange }));
  const reject = useMutation(transportTrpc.billing.rejectRegistration.mutationOptions({ onSuccess: afterBillingChange }));

  const filter = (next: { status?: string; q?: string }) => {
    const params = new URLSearchParams({ status: next.status ?? status, ...((next.q ?? search) ? { q: next.q ?? search } : {}) });
    navigate(`${transportPaths.registrations}?${params.toString()}`, { replace: true });
  };

  const decide = async (id: string, name: string, action: 'approve' | 'reject') => {
    setBusyId(id);
    setOutcome(null);
    try {
      if (action === 'approve') {
        const answer = await approve.mutateAsync({ reg_id: id });
        setOutcome({ tone: 'success', text: `Approved ${name}. ${answer.email_sent ? 'The registration fee was emailed.' : 'The fee email could not be sent; approve again later to resend it.'}` });
      } else {
        await reject.mutateAsync({ reg_id: id });
        setOutcome({ tone: 'success', text: `Rejected ${name}.` });
      }
    } catch (error) {
      setOutcome({ tone: 'error', text: readAppError(error).message });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <>
      <PageHeader eyebrow="Operator console" title="Registrations" lead="Families’ sign-ups, newest first. Approving sends the registration fee by email." />
      <form
        className="filter-bar"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          filter({ q: draft.trim() });
        }}
      >
        <SelectField id="registration-status" label="Status" value={status} options={STATUS_OPTIONS} onValueChange={(value) => filter({ status: value })} />
        <TextField id="registration-search" label="Search" placeholder="Parent, child, school or route" value={draft} onValueChange={setDraft} />
        <button type="submit" className="button">
          Search
        </button>
      </form>
      {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
      <QueryView query={registrations} loadingLabel="Loading registrations…" errorTitle="The registrations could not be loaded">
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState title={status === 'pending' && !search ? 'No registrations are waiting' : 'No registrations match'} />
          ) : (
            <RegistrationsTable
              rows={rows}
              actions={(row) => (
                <div className="row-actions">
                  {row.status !== 'approved' ? (
                    <button type="button" className="button button--small button--primary" disabled={busyId !== null} onClick={() => void decide(row.id, row.parent_name, 'approve')} aria-label={`Approve ${row.parent_name}`}>
                      Approve
                    </button>
                  ) : null}
                  {row.status !== 'rejected' ? (
                    <button type="button" className="button button--small" disabled={busyId !== null} onClick={() => void decide(row.id, row.parent_name, 'reject')} aria-label={`Reject ${row.parent_name}`}>
                      Reject
                    </button>
                  ) : null}
                </div>
              )}
            />
          )
        }
      </QueryView>
    </>
  );
};
