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
import { InviteOperatorForm } from '../../shared/staff/invite-operator-form.tsx';
import { AssumeIdentityForm } from './assume-identity-form.tsx';
import { CreateTenantForm } from './create-tenant-form.tsx';

type Open = { tenantId: string; form: 'assume' | 'invite' } | null;

const NOTICES: Record<string, { tone: 'success' | 'info'; text: string }> = {
  exited: { tone: 'success', text: 'You stopped acting as the tenant’s staff.' },
  'impersonation-ended': { tone: 'info', text: 'The assumed identity has ended (15 minutes passed, or it was ended elsewhere).' },
};

export const TenantsPage = () => {
  useDocumentTitle('Operators');
  const { searchParams } = useLocation();
  const notice = NOTICES[searchParams.get('notice') ?? ''];
  const operators = useQuery(transportTrpc.tenants.listTenants.queryOptions());
  const [open, setOpen] = useState<Open>(null);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const toggle = (tenantId: string, form: 'assume' | 'invite') =>
    setOpen(open?.tenantId === tenantId && open.form === form ? null : { tenantId, form });

  return (
    <>
      <PageHeader
        eyebrow="Platform admin"
        title="Operators"
        lead="Every transport operator (tenant) on the platform. Create one here, then invite its staff."
        actions={
          creating ? null : (
            <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
              Create tenant
            </button>
          )
        }
      />
      {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
      {created ? <FormAlert tone="success">{created} is created. Invite its first operator below.</FormAlert> : null}
      {creating ? (
        <section className="card" aria-labelledby="create-tenant-title">
          <div className="item__row">
            <h2 id="create-tenant-title" className="card__title">
              Create tenant
            </h2>
            <button type="button" className="button button--small" onClick={() => setCreating(false)}>
              Cancel
            </button>
          </div>
          <CreateTenantForm
            onCreated={(tenant) => {
              setCreating(false);
              setCreated(tenant.name);
              setOpen({ tenantId: tenant.id, form: 'invite' });
            }}
          />
        </section>
      ) : null}
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
                        <Fact label="Time zone">{tenant.time_zone}</Fact>
                        <Fact label="Since">{formatDate(tenant.created_at)}</Fact>
                      </dl>
                    </div>
                    <div className="row-actions">
                      <Link className="button button--small" to={transportPaths.auditLog(tenant.id)}>
                        Logs
                      </Link>
                      <button
                        type="button"
                        className="button button--small"
                        aria-expanded={open?.tenantId === tenant.id && open.form === 'invite'}
                        onClick={() => toggle(tenant.id, 'invite')}
                      >
                        Invite operator
                      </button>
                      <button
                        type="button"
                        className="button button--small"
                        aria-expanded={open?.tenantId === tenant.id && open.form === 'assume'}
                        onClick={() => toggle(tenant.id, 'assume')}
                      >
                        Assume identity
                      </button>
                    </div>
                  </div>
                  {open?.tenantId === tenant.id && open.form === 'assume' ? (
                    <AssumeIdentityForm tenantId={tenant.id} tenantName={tenant.name} />
                  ) : null}
                  {open?.tenantId === tenant.id && open.form === 'invite' ? (
                    <InviteOperatorForm tenantId={tenant.id} tenantName={tenant.name} />
                  ) : null}
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </>
  );
};
