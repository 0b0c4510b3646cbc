import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Fact } from '../../../shared/fact.tsx';
import { formatDate } from '../../../shared/format/format-date.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { PageHeader } from '../../../shared/layout/page-header.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { Link } from '../../../shared/router/link.tsx';
import { useLocation } from '../../../shared/router/use-location.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { transportTrpc } from '../../shared/transport-client.ts';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { transportPaths } from '../../shared/transport-paths.ts';
import { AssumeIdentityForm } from './assume-identity-form.tsx';

const NOTICES: Record<string, { tone: 'success' | 'info'; text: string }> = {
  exited: { tone: 'success', text: 'You stopped acting as the tenant’s staff.' },
  'impersonation-ended': { tone: 'info', text: 'The assumed identity has ended (15 minutes passed, or it was ended elsewhere).' },
};

export const TenantsPage = () => {
  useDocumentTitle('Operators');
  const { searchParams } = useLocation();
  const notice = NOTICES[searchParams.get('notice') ?? ''];
  const operators = useQuery(transportTrpc.tenants.listTenants.queryOptions());
  const [openFor, setOpenFor] = useState<string | null>(null);

  return (
    <>
      <PageHeader
        eyebrow="Platform admin"
        title="Operators"
        lead="Every transport operator (tenant) on the platform. New operators are added with npx switchyard tenant add."
      />
      {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
      <QueryView query={operators} loadingLabel="Loading operators…" errorTitle="The operators could not be loaded">
        {(tenants) =>
          tenants.length === 0 ? (
            <EmptyState title="No operators yet" />
          ) : (
            <ul className="item-list" aria-label="Operators">
              {tenants.map((tenant) => (
                <li key={tenant.id} className="card item" aria-label={tenant.name}>
                  <div className="item__row">
                    <div>
                      <h2 className="item__title">{tenant.name}</h2>
                      <dl className="facts facts--inline">
                        <Fact label="Code">
                          <code>{tenant.id}</code>
                        </Fact>
                        <Fact label="Plan">{tenant.tier}</Fact>
                        <Fact label="Domain">{tenant.domain ?? '—'}</Fact>
                        <Fact label="Since">{formatDate(tenant.created_at)}</Fact>
                      </dl>
                    </div>
                    <div className="row-actions">
                      <Link className="button button--small" to={transportPaths.auditLog(tenant.id)}>
                        Logs
                      </Link>
                      <button type="button" className="button button--small" aria-expanded={openFor === tenant.id} onClick={() => setOpenFor(openFor === tenant.id ? null : tenant.id)}>
                        Assume identity
                      </button>
                    </div>
                  </div>
                  {openFor === tenant.id ? <AssumeIdentityForm tenantId={tenant.id} tenantName={tenant.name} /> : null}
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </>
  );
};
