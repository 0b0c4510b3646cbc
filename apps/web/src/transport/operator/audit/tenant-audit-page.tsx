import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatDateTime } from '../../../shared/format/format-date.ts';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { PageHeader } from '../../../shared/layout/page-header.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { navigate } from '../../../shared/router/browser-location.ts';
import { useLocation } from '../../../shared/router/use-location.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { useKnownTenant } from '../../shared/session/known-tenant.ts';
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
  const entries = useQuery(transportTrpc.tenants.tenantLogs.queryOptions({ tenant, limit: '200', ...(resource ? { resource } : {}), ...(actor ? { actor } : {}) }));
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
      <PageHeader eyebrow="Operator console" title="Audit log" lead="Every change by your staff, by a platform administrator, or by a payment provider, newest first." />
      <form
        className="filter-bar"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          filter({ actor: actorDraft.trim() });
        }}
      >
        <SelectField id="audit-resource" label="What" value={resource} options={RESOURCE_OPTIONS} onValueChange={(value) => filter({ resource: value })} />
        <TextField id="audit-actor" label="Who (exact email)" value={actorDraft} onValueChange={setActorDraft} />
        <button type="submit" className="button">
          Filter
        </button>
      </form>
      <QueryView query={entries} loadingLabel="Loading the audit log…" errorTitle="The audit log could not be loaded">
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState title="No entries match" />
          ) : (
            <section aria-label="Audit entries">
              <ol className="audit-list">
                {rows.map((row) => (
                  <li key={row.id} className="audit-entry">
                    <p className="audit-entry__head">
                      <strong>{row.action}</strong>
                      {row.resource ? <span className="muted"> · {row.resource}</span> : null}
                      {row.admin_actor ? <span className="badge badge--warning"> Platform administrator</span> : null}
                    </p>
                    <p className="audit-entry__meta muted">
                      {formatDateTime(row.created_at)} · <span className="audit-entry__actor">{row.actor}</span>
                    </p>
                    {Object.keys(row.details).length > 0 ? <code className="details">{JSON.stringify(row.details)}</code> : null}
                  </li>
                ))}
              </ol>
            </section>
          )
        }
      </QueryView>
    </>
  );
};
