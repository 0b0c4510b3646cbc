import { useQuery } from '@tanstack/react-query';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { PageHeader } from '../../../shared/layout/page-header.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { navigate } from '../../../shared/router/browser-location.ts';
import { useLocation } from '../../../shared/router/use-location.ts';
import { AuditEntryList } from '../../shared/audit-entry-list.tsx';
import { transportTrpc } from '../../shared/transport-client.ts';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { transportPaths } from '../../shared/transport-paths.ts';

const LIMIT = '200';

export const AuditLogPage = () => {
  useDocumentTitle('Audit log');
  const { searchParams } = useLocation();
  const tenant = searchParams.get('tenant') ?? '';
  const tenants = useQuery(transportTrpc.tenants.listTenants.queryOptions());
  const entries = useQuery(transportTrpc.tenants.auditLog.queryOptions({ limit: LIMIT, ...(tenant ? { tenant_id: tenant } : {}) }));
  const options = [{ value: '', label: 'All operators' }, ...(tenants.data ?? []).map((row) => ({ value: row.id, label: row.name }))];

  return (
    <>
      <PageHeader
        eyebrow="Platform admin"
        title="Audit log"
        lead={`The newest ${LIMIT} entries: assumed identities and what was done with them.`}
      />
      <div className="filter-bar">
        <SelectField
          id="audit-tenant"
          label="Operator"
          value={tenant}
          options={options}
          onValueChange={(value) => navigate(transportPaths.auditLog(value || undefined), { replace: true })}
        />
      </div>
      <QueryView query={entries} loadingLabel="Loading the audit log…" errorTitle="The audit log could not be loaded">
        {(rows) => <AuditEntryList rows={rows} emptyTitle="No entries" showTenant />}
      </QueryView>
    </>
  );
};
