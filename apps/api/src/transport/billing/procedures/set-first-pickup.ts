import { DomainError } from '@switchyard/domain/errors';
import { firstPickupInput } from '@switchyard/domain/transport/billing/schemas';
import { setFirstPickupDate } from '@switchyard/db/transport/billing/households';
import { auditStaffWrite } from '../../tenants/staff-audit.ts';
import { tenantProcedure } from '../../trpc.ts';
import { firstPickupOutput } from '../output-schemas.ts';

export const setFirstPickup = tenantProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/billing/households/{household_id}/first-pickup',
      status: 200,
      input: 'json',
      access: 'tenant',
      tags: ['billing'],
      summary: "Set a household's first pickup date",
      errors: ['unauthorized', 'forbidden', 'not_found'],
    },
  })
  .output(firstPickupOutput)
  .input(firstPickupInput)
  .mutation(async ({ ctx, input }) => {
    if (!(await setFirstPickupDate(ctx.em, ctx.tenantId, input.household_id, input.first_pickup_date))) {
      throw new DomainError('not_found', 'Household not found');
    }
    await auditStaffWrite(ctx, {
      action: 'household.first_pickup',
      resource: `household:${input.household_id}`,
      householdId: input.household_id,
      details: { to: { first_pickup_date: input.first_pickup_date } },
    });

    return { household_id: input.household_id, first_pickup_date: input.first_pickup_date };
  });
