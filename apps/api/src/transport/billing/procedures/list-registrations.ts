import { listRegistrationsInput } from '@switchyard/domain/transport/billing/schemas';
import { listRegistrations as readRegistrations } from '@switchyard/db/transport/billing/registrations';
import { tenantProcedure } from '../../trpc.ts';
import { registrationsOutput } from '../output-schemas.ts';
import { presentRegistration } from '../presenters.ts';

export const listRegistrations = tenantProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/registrations',
      status: 200,
      input: 'query',
      access: 'tenant',
      tags: ['registrations'],
      summary: "The tenant's registrations, newest first",
      errors: ['unauthorized', 'forbidden'],
    },
  })
  .output(registrationsOutput)
  .input(listRegistrationsInput)
  .query(async ({ ctx, input }) =>
    (await readRegistrations(ctx.em, ctx.tenantId, { status: input.status, search: input.search })).map(presentRegistration),
  );
