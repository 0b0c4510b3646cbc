import { z } from 'zod';
import { DomainError } from '@switchyard/domain/errors';
import { moveSchoolChildrenInput } from '@switchyard/domain/transport/billing/child-changes';
import { moveSchoolChildren as moveChildren } from '@switchyard/db/transport/billing/child-changes';
import { auditStaffWrite } from '../../tenants/staff-audit.ts';
import { tenantProcedure } from '../../trpc.ts';

const moveOutput = z.strictObject({ moved: z.int(), child_ids: z.array(z.string()), to_school_id: z.string() });

/**
 * Moves every child of a school to another of the tenant's schools, so the first can be removed
 * (deleteSchool answers 409 while children attend it). tRPC only, as the other school changes.
 */
export const moveSchoolChildren = tenantProcedure
  .input(moveSchoolChildrenInput)
  .output(moveOutput)
  .mutation(async ({ ctx, input }) => {
    const outcome = await moveChildren(ctx.em, ctx.tenantId, input.school_id, input.to_school_id);
    if (outcome.kind === 'school_not_found') {
      throw new DomainError('not_found', 'School not found');
    }
    if (outcome.kind === 'target_not_found') {
      throw new DomainError('validation_error', 'to_school_id: no such school of this operator', {
        issues: [{ path: 'to_school_id', message: 'no such school of this operator' }],
      });
    }
    await auditStaffWrite(ctx, {
      action: 'school.move_children',
      resource: `school:${input.school_id}`,
      details: { to_school_id: outcome.to.id, child_ids: outcome.childIds },
    });

    return { moved: outcome.childIds.length, child_ids: outcome.childIds, to_school_id: outcome.to.id };
  });
