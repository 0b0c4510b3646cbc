import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { PageHeader } from '../../../shared/layout/page-header.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { navigate } from '../../../shared/router/browser-location.ts';
import { useLocation } from '../../../shared/router/use-location.ts';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { useKnownTenant } from '../../shared/session/known-tenant.ts';
import { AuditEntryList } from '../../shared/audit-entry-list.tsx';
import { transportTrpc } from '../../shared/transport-client.ts';
import { transportPaths } from '../../shared/transport-paths.ts';

/** What each kind of resource is called in the filter. */
const RESOURCE_OPTIONS = [
  { value: '', label: 'Everything' },
  { value: 'registration:', label: 'Registrations' },
  { value: 'invoice:', label: 'Invoices and payments' },
  { value: 'route:', label: 'Routes and stops' },
  { value: 'bus:', label: 'Buses' },
  { value: 'school:', label: 'Schools' },
  { value: 'payer:', label: 'Payers' },
  { value: 'allocation:', label: 'Allocations' },
  { value: 'tenant:', label: 'Settings' },
];

/** The tenant's own log: who did what, with the values before and after; filters live in the address. */
export const TenantAuditPage = () => {
  useDocumentTitle('Audit log');
  const tenant = useKnownTenant() ?? 'demo';
  const { searchParams } = useLocation();
  const resource = searchParams.get('resource') ?? '';
  const actor = searchParams.get('actor') ?? '';
  const [actorDraft, setActorDraft] = useState(actor);
  const entries = useQuery(
    transportTrpc.tenants.tenantLogs.queryOptions({ tenant, limit: '200', ...(resource ? { resource } : {}), ...(actor ? { actor } : {}) }),
  );
  const filter = (next: { resource?: string; actor?: string }) => {
    const params = new URLSearchParams();
    const r = next.resource ?? resource;
    const a = next.actor ?? actor;
    if (r) params.set('resource', r);
    if (a) params.set('actor', a);
    const query = params.toString();
    navigate(query ? `${transportPaths.operatorAudit}?${query}` : transportPaths.operatorAudit, { replace: true });
  };

  return (
    <>
      <PageHeader
        eyebrow="Operator console"
        title="Audit log"
        lead="Every change by your staff, by a platform administrator, or by a payment provider, newest first."
      />
      <form
        className="filter-bar"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          filter({ actor: actorDraft.trim() });
        }}
      >
        <SelectField
          id="audit-resource"
          label="What"
          value={resource}
          options={RESOURCE_OPTIONS}
          onValueChange={(value) => filter({ resource: value })}
        />
        <TextField id="audit-actor" label="Who (exact email)" value={actorDraft} onValueChange={setActorDraft} />
        <button type="submit" className="button">
          Filter
        </button>
      </form>
      <QueryView query={entries} loadingLabel="Loading the audit log…" errorTitle="The audit log could not be loaded">
        {(rows) => <AuditEntryList rows={rows} emptyTitle="No entries match" />}
      </QueryView>
    </>
  );
};
