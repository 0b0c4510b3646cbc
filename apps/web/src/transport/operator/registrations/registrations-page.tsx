import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { REGISTRATION_STATUSES } from '@switchyard/domain/transport/billing/schemas';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { PageHeader } from '../../../shared/layout/page-header.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { navigate } from '../../../shared/router/browser-location.ts';
import { useLocation } from '../../../shared/router/use-location.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { transportTrpc } from '../../shared/transport-client.ts';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { transportPaths } from '../../shared/transport-paths.ts';
import { RegistrationsTable } from '../../shared/registrations-table.tsx';

type Status = 'all' | (typeof REGISTRATION_STATUSES)[number];

const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  ...REGISTRATION_STATUSES.map((status) => ({ value: status, label: `${status.charAt(0).toUpperCase()}${status.slice(1)}` })),
];

/** Filters live in the address (`status`, `q`), so a filtered list can be reloaded and shared. */
export const RegistrationsPage = () => {
  useDocumentTitle('Registrations');
  const { searchParams } = useLocation();
  const status = (searchParams.get('status') ?? 'pending') as Status;
  const search = searchParams.get('q') ?? '';
  const [draft, setDraft] = useState(search);
  const registrations = useQuery(transportTrpc.billing.listRegistrations.queryOptions({ status, ...(search ? { search } : {}) }));

  const filter = (next: { status?: string; q?: string }) => {
    const params = new URLSearchParams({ status: next.status ?? status, ...((next.q ?? search) ? { q: next.q ?? search } : {}) });
    navigate(`${transportPaths.registrations}?${params.toString()}`, { replace: true });
  };

  return (
    <>
      <PageHeader
        eyebrow="Operator console"
        title="Registrations"
        lead="Families’ sign-ups, newest first. Open one to read every fact before approving or rejecting it."
      />
      <form
        className="filter-bar"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          filter({ q: draft.trim() });
        }}
      >
        <SelectField
          id="registration-status"
          label="Status"
          value={status}
          options={STATUS_OPTIONS}
          onValueChange={(value) => filter({ status: value })}
        />
        <TextField
          id="registration-search"
          label="Search"
          placeholder="Parent, child, school or route"
          value={draft}
          onValueChange={setDraft}
        />
        <button type="submit" className="button">
          Search
        </button>
      </form>
      <QueryView query={registrations} loadingLabel="Loading registrations…" errorTitle="The registrations could not be loaded">
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState title={status === 'pending' && !search ? 'No registrations are waiting' : 'No registrations match'} />
          ) : (
            <RegistrationsTable
              rows={rows}
              actions={(row) => (
                <a
                  className="button button--small button--primary"
                  href={transportPaths.registration(row.id)}
                  aria-label={`Review ${row.parent_name}`}
                >
                  Review
                </a>
              )}
            />
          )
        }
      </QueryView>
    </>
  );
};
