import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../../shared/format/format-date.ts';
import { PageHeader } from '../../../shared/layout/page-header.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { useKnownTenant } from '../../shared/session/known-tenant.ts';
import { InviteOperatorForm } from '../../shared/staff/invite-operator-form.tsx';
import { StateBadge } from '../../shared/state-badge.tsx';
import { transportTrpc } from '../../shared/transport-client.ts';

type Invite = {
  id: string;
  email: string;
  display_name: string | null;
  invited_by: string;
  invited_at: string;
  accepted_at: string | null;
  status: 'pending' | 'active';
};

const COLUMNS = [
  { label: 'Name', isRowHeader: true, cell: (row: Invite) => row.display_name ?? row.email },
  { label: 'Email', cell: (row: Invite) => row.email },
  {
    label: 'Status',
    cell: (row: Invite) => (
      <StateBadge state={row.status === 'active' ? 'active' : 'pending'} text={row.status === 'active' ? 'Joined' : 'Invitation sent'} />
    ),
  },
  { label: 'Invited', nowrap: true, cell: (row: Invite) => `${formatDate(row.invited_at)} by ${row.invited_by}` },
  { label: 'Joined', nowrap: true, cell: (row: Invite) => (row.accepted_at ? formatDate(row.accepted_at) : '—') },
] as const;

/** The tenant's operator staff invited from the web app, and the form to invite more. */
export const StaffPage = () => {
  useDocumentTitle('Staff');
  const tenant = useKnownTenant() ?? 'demo';
  const staff = useQuery(transportTrpc.staff.tenantStaff.queryOptions({ tenant }));
  const theme = useQuery(transportTrpc.tenants.getTheme.queryOptions({ slug: tenant }));
  const tenantName = theme.data?.name ?? tenant;

  return (
    <>
      <PageHeader
        eyebrow="Operator console"
        title="Staff"
        lead="Operator staff invited to your console. An invitation mails a link; the person chooses a password and signs in."
      />
      <section className="card" aria-labelledby="invite-title">
        <h2 id="invite-title" className="card__title">
          Invite operator staff
        </h2>
        <InviteOperatorForm tenantId={tenant} tenantName={tenantName} />
      </section>
      <QueryView query={staff} loadingLabel="Loading staff…" errorTitle="The staff list could not be loaded">
        {(answer) =>
          answer.invites.length === 0 ? (
            <EmptyState title="No invitations yet">Staff you invite are listed here, with whether they have joined.</EmptyState>
          ) : (
            <DataTable label="Operator staff" columns={COLUMNS} rows={answer.invites} rowKey={(row) => row.id} />
          )
        }
      </QueryView>
    </>
  );
};
