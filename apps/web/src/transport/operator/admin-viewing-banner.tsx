import { useQuery } from '@tanstack/react-query';
import { useKnownTenant } from '../shared/session/known-tenant.ts';
import { isPlatformAdmin, transportSession } from '../shared/session/transport-session.ts';
import { transportTrpc } from '../shared/transport-client.ts';

/**
 * A platform administrator in a tenant's console sees whose console it is, so a change is never
 * made in the wrong operator's data by mistake; their changes are audited as theirs.
 */
export const AdminViewingBanner = () => {
  const session = transportSession.use();
  const tenant = useKnownTenant();
  const isAdmin = session !== null && isPlatformAdmin(session.user);
  const tenants = useQuery({ ...transportTrpc.tenants.listTenants.queryOptions(), enabled: isAdmin });
  if (!isAdmin) {
    return null;
  }
  const name = tenants.data?.find((row) => row.id === tenant)?.name ?? tenant ?? 'demo';

  return (
    <div className="admin-banner" role="status">
      Platform administrator viewing {name}’s console. Changes you make here are recorded in {name}’s audit log as yours.
    </div>
  );
};
