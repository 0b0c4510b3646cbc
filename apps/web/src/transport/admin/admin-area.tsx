import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { impersonation } from '../shared/session/impersonation.ts';
import { isPlatformAdmin } from '../shared/session/transport-session.ts';
import { SignedInGate } from '../shared/signed-in-gate.tsx';
import { TransportShell } from '../shared/transport-shell.tsx';
import { transportPaths } from '../shared/transport-paths.ts';
import { ActingPage } from './acting/acting-page.tsx';
import { AuditLogPage } from './audit-log/audit-log-page.tsx';
import { TenantsPage } from './tenants/tenants-page.tsx';

const Page = ({ pathname }: { pathname: string }) => {
  if (pathname === transportPaths.admin || pathname === `${transportPaths.admin}/`) {
    return <TenantsPage />;
  }
  if (pathname === '/admin/logs') {
    return <AuditLogPage />;
  }
  if (pathname === transportPaths.acting) {
    return <ActingPage />;
  }

  return <EmptyState title="Page not found" />;
};

/** Platform administration: operators (tenants), the audit log, and acting as a tenant's staff. */
export const AdminArea = ({ pathname }: { pathname: string }) => {
  const acting = impersonation.use();

  return (
    <TransportShell
      area="Platform admin"
      homeHref={transportPaths.admin}
      nav={[
        { to: transportPaths.admin, label: 'Operators' },
        { to: transportPaths.auditLog(), label: 'Audit log' },
        ...(acting ? [{ to: transportPaths.acting, label: `Acting in ${acting.tenant_id}` }] : []),
      ]}
      signedIn
      themed={false}
    >
      <SignedInGate allows={isPlatformAdmin}>{() => <Page pathname={pathname} />}</SignedInGate>
    </TransportShell>
  );
};
