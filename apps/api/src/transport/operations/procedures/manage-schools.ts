import { DomainError } from '@switchyard/domain/errors';
import { assertSchoolHours } from '@switchyard/domain/transport/operations/school-hours';
import { createSchoolInput, schoolRefInput, updateSchoolInput } from '@switchyard/domain/transport/operations/schemas';
import {
  createSchool as insertSchool,
  deleteSchoolUnlessAttended,
  findSchool,
  updateSchool as patchSchool,
} from '@switchyard/db/transport/operations/schools';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { auditStaffWrite } from '../../tenants/staff-audit.ts';
import { tenantProcedure } from '../../trpc.ts';
import { presentSchool } from '../presenters.ts';

// Schools have no documented REST paths: operators manage them in the web app through these.

const loadSchool = async (em: SqlEntityManager, tenantId: string, id: string) => {
  const school = await findSchool(em, tenantId, id);
  if (!school) {
    throw new DomainError('not_found', 'School not found');
  }

  return presentSchool(school);
};

export const createSchool = tenantProcedure.input(createSchoolInput).mutation(async ({ ctx, input }) => {
  assertSchoolHours(input.start_time, input.end_time);
  const em = ctx.em;
  const values = {
    name: input.name,
    address: input.address ?? null,
    start_time: input.start_time ?? null,
    end_time: input.end_time ?? null,
  };
  const id = await insertSchool(em, ctx.tenantId, values);
  await auditStaffWrite(ctx, { action: 'school.create', resource: `school:${id}`, details: { to: values } });

  return loadSchool(em, ctx.tenantId, id);
});

/** The hours are checked against what the school keeps of the ones not given. */
export const updateSchool = tenantProcedure.input(updateSchoolInput).mutation(async ({ ctx, input }) => {
  const { school_id: id, ...patch } = input;
  const em = ctx.em;
  const before = await loadSchool(em, ctx.tenantId, id);
  assertSchoolHours(
    patch.start_time === undefined ? before.start_time : patch.start_time,
    patch.end_time === undefined ? before.end_time : patch.end_time,
  );
  if (!(await patchSchool(em, ctx.tenantId, id, patch))) {
    throw new DomainError('not_found', 'School not found');
  }
  const fields = Object.keys(patch).filter((field) => patch[field as keyof typeof patch] !== undefined) as (keyof typeof patch)[];
  await auditStaffWrite(ctx, {
    action: 'school.update',
    resource: `school:${id}`,
    details: {
      from: Object.fromEntries(fields.map((field) => [field, before[field]])),
      to: Object.fromEntries(fields.map((field) => [field, patch[field] ?? null])),
    },
  });

  return loadSchool(em, ctx.tenantId, id);
});

/** A school children attend stays: 409 naming how many, so their `school_id` never points at nothing. */
export const deleteSchool = tenantProcedure.input(schoolRefInput).mutation(async ({ ctx, input }) => {
  const em = ctx.em;
  const before = await findSchool(em, ctx.tenantId, input.school_id);
  const outcome = await deleteSchoolUnlessAttended(em, ctx.tenantId, input.school_id);
  if (!outcome.found) {
    throw new DomainError('not_found', 'School not found');
  }
  if (!outcome.deleted) {
    const n = outcome.children;
    throw new DomainError(
      'conflict',
      `${n} ${n === 1 ? 'child attends' : 'children attend'} this school; move ${n === 1 ? 'that child' : 'them'} to another school first.`,
    );
  }
  await auditStaffWrite(ctx, {
    action: 'school.delete',
    resource: `school:${input.school_id}`,
    details: { removed: before ? presentSchool(before) : null },
  });

  return { ok: true as const };
});
