import { listTenants as readTenants } from '@switchyard/db/transport/tenants/tenant-admin';
import { adminProcedure } from '../../trpc.ts';
import { presentTenant } from '../presenters.ts';

export const listTenants = adminProcedure.query(async ({ ctx }) => (await readTenants(ctx.db.fork())).map(presentTenant));
