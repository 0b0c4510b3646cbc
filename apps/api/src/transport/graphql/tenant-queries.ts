import { isAdmin } from '@switchyard/domain/transport/session-user';
import { listTenants } from '@switchyard/db/transport/tenants/tenant-admin';
import { findTenant } from '@switchyard/db/transport/tenants';
import { builder, cost } from './builder.ts';
import { invalidTokenError } from './graphql-context.ts';
import { TRANSPORT_GRAPHQL_LIMITS } from './limits.ts';
import { TENANT_ARGUMENT, tenantArgument } from './tenant-argument.ts';
import { TenantRef } from './types/refs.ts';

builder.queryFields((t) => ({
  tenants: t.field({
    type: [TenantRef],
    description: 'The tenants you may read: every tenant for a platform administrator, your own for anyone else. Oldest first.',
    extensions: cost({ assumedSize: TRANSPORT_GRAPHQL_LIMITS.assumed.tenants }),
    resolve: async (_root, _args, context) => {
      const viewer = context.viewer;
      if (!viewer) {
        throw invalidTokenError();
      }
      if (isAdmin(viewer)) {
        return listTenants(context.em);
      }
      const own = viewer.tenant_id ? await findTenant(context.em, viewer.tenant_id.trim().toLowerCase()) : null;

      return own ? [own] : [];
    },
  }),
  tenant: t.field({
    type: TenantRef,
    description: 'The tenant the reports read for this `id`, chosen as every report chooses it.',
    args: { id: t.arg.id(TENANT_ARGUMENT) },
    resolve: (_root, args, context) => context.tenantFor(tenantArgument(args.id)),
  }),
}));
