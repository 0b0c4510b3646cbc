import { DomainError } from '@switchyard/domain/errors';
import { routeRefInput } from '@switchyard/domain/transport/operations/schemas';
import { deleteRoute as removeRoute } from '@switchyard/db/transport/operations/routes';
import { tenantProcedure } from '../../trpc.ts';

export const deleteRoute = tenantProcedure.input(routeRefInput).mutation(async ({ ctx, input }) => {
  if (!(await removeRoute(ctx.db.fork(), ctx.tenantId, input.route_id))) {
    throw new DomainError('not_found', 'Route not found');
  }

  return { ok: true as const };
});
