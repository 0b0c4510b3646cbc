import { DomainError } from '@switchyard/domain/errors';
import { routeRefInput } from '@switchyard/domain/transport/operations/schemas';
import { deleteRoute as removeRoute } from '@switchyard/db/transport/operations/routes';
import { auditStaffWrite } from '../../tenants/staff-audit.ts';
import { tenantProcedure } from '../../trpc.ts';
import { deletedOutput } from '../output-schemas.ts';

export const deleteRoute = tenantProcedure
  .meta({
    rest: {
      method: 'DELETE',
      path: '/api/routes/{route_id}',
      status: 200,
      access: 'tenant',
      tags: ['routes'],
      summary: 'Delete a route and its stops',
      errors: ['unauthorized', 'forbidden', 'not_found'],
    },
  })
  .output(deletedOutput)
  .input(routeRefInput)
  .mutation(async ({ ctx, input }) => {
    if (!(await removeRoute(ctx.em, ctx.tenantId, input.route_id))) {
      throw new DomainError('not_found', 'Route not found');
    }
    await auditStaffWrite(ctx, { action: 'route.delete', resource: `route:${input.route_id}` });

    return { ok: true as const };
  });
