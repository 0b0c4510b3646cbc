import { useMutation, useQuery } from '@tanstack/react-query';
import { Fact } from '../../../shared/fact.tsx';
import { formatDateTime } from '../../../shared/format/format-date.ts';
import { PageHeader } from '../../../shared/layout/page-header.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { navigate } from '../../../shared/router/browser-location.ts';
import { Redirect } from '../../../shared/router/redirect.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { RegistrationsTable } from '../../shared/registrations-table.tsx';
import { impersonation } from '../../shared/session/impersonation.ts';
import { impersonationTrpc, transportTrpc } from '../../shared/transport-client.ts';
import { afterTenantsChange } from '../../shared/transport-invalidation.ts';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { transportPaths } from '../../shared/transport-paths.ts';

/** What an assumed identity may do: see who it is and the tenant's registrations (each look audited). */
const ActingView = ({ token, banner, expiresAt }: { token: string; banner: string; expiresAt: string }) => {
  // Keyed by procedure and input only: a new assumed identity resets the cache (transport-client.ts).
  const me = useQuery(impersonationTrpc.tenants.impersonatedMe.queryOptions());
  const registrations = useQuery(impersonationTrpc.billing.impersonatedRegistrations.queryOptions());
  const exitIdentity = useMutation(transportTrpc.tenants.exitImpersonation.mutationOptions({ onSuccess: afterTenantsChange }));
  const isExiting = exitIdentity.isPending;

  const exit = async () => {
    try {
      await exitIdentity.mutateAsync({ token });
    } catch {
      // Nothing to end: the token expired or was ended elsewhere.
    } finally {
      // Forgotten either way: an unknown or expired token has nothing left to end.
      impersonation.clear();
      navigate(`${transportPaths.admin}?notice=exited`, { replace: true });
    }
  };

  return (
    <>
      <div className="banner" role="status">
        <p className="banner__text">{banner.replace(expiresAt, formatDateTime(expiresAt))}</p>
        <button type="button" className="button button--small" disabled={isExiting} onClick={() => void exit()}>
          {isExiting ? 'Exiting…' : 'Exit identity'}
        </button>
      </div>
      <PageHeader eyebrow="Platform admin" title="Acting as tenant staff" />
      <section className="card">
        <QueryView query={me} loadingLabel="Loading the assumed identity…" errorTitle="The assumed identity could not be loaded">
          {({ impersonated_user: user }) => (
            <dl className="facts">
              <Fact label="Operator">{user.tenant_id}</Fact>
              <Fact label="Role">{user.role}</Fact>
              <Fact label="As">{user.email ?? 'Any staff member'}</Fact>
              <Fact label="Started by">{user.impersonated_by}</Fact>
              <Fact label="Ends">{formatDateTime(user.expires_at)}</Fact>
            </dl>
          )}
        </QueryView>
      </section>
      <h2 className="section-title">Their registrations</h2>
      <QueryView query={registrations} loadingLabel="Loading registrations…" errorTitle="The registrations could not be loaded">
        {(rows) => (rows.length === 0 ? <EmptyState title="This operator has no registrations" /> : <RegistrationsTable rows={rows} />)}
      </QueryView>
    </>
  );
};

export const ActingPage = () => {
  useDocumentTitle('Acting as tenant staff');
  const acting = impersonation.use();
  if (!acting) {
    return <Redirect to={transportPaths.admin} />;
  }

  return <ActingView token={acting.token} banner={acting.banner} expiresAt={acting.expires_at} />;
};
