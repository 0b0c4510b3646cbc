import { listTenants as readTenants } from '@switchyard/db/transport/tenants/tenant-admin';
import { adminProcedure } from '../../trpc.ts';
import { presentTenant } from '../presenters.ts';
import { tenantListOutput } from '../output-schemas.ts';

export const listTenants = adminProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/tenants',
      status: 200,
      access: 'admin',
      tags: ['tenants'],
      summary: 'All tenants (platform administrators)',
      errors: ['unauthorized', 'forbidden'],
    },
  })
  .output(tenantListOutput)
  .query(async ({ ctx }) => (await readTenants(ctx.em)).map(presentTenant));
