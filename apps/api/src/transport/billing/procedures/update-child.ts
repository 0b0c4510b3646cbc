import { DomainError } from '@switchyard/domain/errors';
import { changedChildFields, childFieldsAfter, updateChildInput } from '@switchyard/domain/transport/billing/child-changes';
import { changeChild } from '@switchyard/db/transport/billing/child-changes';
import { tenantChildren } from '@switchyard/db/transport/billing/children';
import { auditStaffWrite } from '../../tenants/staff-audit.ts';
import { tenantProcedure } from '../../trpc.ts';
import { childOutput } from '../output-schemas.ts';
import { presentChild } from '../presenters.ts';
import { tenantPricing } from '../tenant-pricing.ts';

/** Corrects a child's name, school, grade or transport need; audited with each field before and after. */
export const updateChild = tenantProcedure
  .meta({
    rest: {
      method: 'PATCH',
      path: '/api/children/{child_id}',
      status: 200,
      input: 'json',
      access: 'tenant',
      tags: ['children'],
      summary:
        "Change a child's name, school (one of the tenant's, or null), grade or transport need; a new need reprices the child at the tenant's rates. Where the child rides is set on its route",
      errors: ['unauthorized', 'forbidden', 'not_found', 'validation_error'],
    },
  })
  .input(updateChildInput)
  .output(childOutput)
  .mutation(async ({ ctx, input }) => {
    const { child_id: childId, ...patch } = input;
    const pricing = await tenantPricing(ctx, ctx.tenantId);
    const change = await changeChild(ctx.em, ctx.tenantId, childId, patch.school_id, (before, school) =>
      childFieldsAfter(before, patch, school, pricing),
    );
    if (change.kind === 'child_not_found') {
      throw new DomainError('not_found', 'Child not found');
    }
    if (change.kind === 'school_not_found') {
      throw new DomainError('validation_error', 'school_id: no such school of this operator', {
        issues: [{ path: 'school_id', message: 'no such school of this operator' }],
      });
    }
    await auditStaffWrite(ctx, {
      action: 'child.update',
      resource: `child:${childId}`,
      householdId: change.householdId,
      details: changedChildFields(change.before, change.after),
    });
    const row = await tenantChildren(ctx.em, ctx.tenantId).where('c.id', '=', childId).executeTakeFirstOrThrow();

    return presentChild(row);
  });
