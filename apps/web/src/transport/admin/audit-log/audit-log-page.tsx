import { formatDateTime } from '../../../shared/format/format-date.ts';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { PageHeader } from '../../../shared/layout/page-header.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { useRemote } from '../../../shared/remote/use-remote.ts';
import { navigate } from '../../../shared/router/browser-location.ts';
import { useLocation } from '../../../shared/router/use-location.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { RemoteView } from '../../../shared/ui/remote-view.tsx';
import { transportClient } from '../../shared/transport-client.ts';
import { transportPaths } from '../../shared/transport-paths.ts';
import { TableFrame } from '../../../shared/ui/table-frame.tsx';

const LIMIT = '200';

export const AuditLogPage = () => {
  useDocumentTitle('Audit log');
  const { searchParams } = useLocation();
  const tenant = searchParams.get('tenant') ?? '';
  const tenants = useRemote(() => transportClient.tenants.listTenants.query(), []);
  const { state } = useRemote(() => transportClient.tenants.auditLog.query({ limit: LIMIT, ...(tenant ? { tenant_id: tenant } : {}) }), [tenant]);
  const options = [{ value: '', label: 'All operators' }, ...(tenants.state.status === 'ready' ? tenants.state.data.map((row) => ({ value: row.id, label: row.name })) : [])];

  return (
    <>
      <PageHeader eyebrow="Platform admin" title="Audit log" lead={`The newest ${LIMIT} entries: assumed identities and what was done with them.`} />
      <div className="filter-bar">
        <SelectField id="audit-tenant" label="Operator" value={tenant} options={options} onValueChange={(value) => navigate(transportPaths.auditLog(value || undefined), { replace: true })} />
      </div>
      <RemoteView state={state} loadingLabel="Loading the audit log…">
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState title="No entries" />
          ) : (
            <TableFrame label="Audit entries" columns={['When', 'Operator', 'Who', 'Action', 'Details']} compact>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td className="nowrap">{formatDateTime(row.created_at)}</td>
                  <td>{row.tenant_id}</td>
                  <td>{row.actor}</td>
                  <th scope="row">
                    {row.action}
                    {row.resource ? <span className="table__sub">{row.resource}</span> : null}
                  </th>
                  <td>
                    <code className="details">{JSON.stringify(row.details)}</code>
                  </td>
                </tr>
              ))}
            </TableFrame>
          )
        }
      </RemoteView>
    </>
  );
};
