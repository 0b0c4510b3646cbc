import { addPayerInput } from '@switchyard/domain/transport/billing/schemas';
import { addPayer as insertPayer } from '@switchyard/db/transport/billing/payers';
import { auditStaffWrite } from '../../tenants/staff-audit.ts';
import { tenantProcedure } from '../../trpc.ts';
import { presentAllocation, presentPayer } from '../presenters.ts';
import { addPayerOutput } from '../output-schemas.ts';

export const addPayer = tenantProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/billing/households/{household_id}/payers',
      status: 201,
      input: 'json',
      access: 'tenant',
      tags: ['billing'],
      summary: 'Add a payer, optionally with an allocation',
      errors: ['unauthorized', 'forbidden', 'not_found'],
    },
  })
  .output(addPayerOutput)
  .input(addPayerInput)
  .mutation(async ({ ctx, input }) => {
    const inserted = await insertPayer(ctx.em, {
      tenantId: ctx.tenantId,
      householdId: input.household_id,
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      allocation: input.allocation
        ? { childId: input.allocation.child_id, splitType: input.allocation.split_type, value: input.allocation.value }
        : null,
      now: ctx.now(),
    });
    const added = {
      payer: inserted.payer ? presentPayer(inserted.payer) : null,
      allocation: inserted.allocation ? presentAllocation(inserted.allocation) : null,
    };
    await auditStaffWrite(ctx, {
      action: 'payer.add',
      resource: `payer:${added.payer?.id ?? ''}`,
      householdId: input.household_id,
      details: { to: added },
    });

    return added;
  });
