import { DomainError } from '@switchyard/domain/errors';
import { createSchoolInput, schoolRefInput, updateSchoolInput } from '@switchyard/domain/transport/operations/schemas';
import { createSchool as insertSchool, deleteSchool as removeSchool, findSchool, updateSchool as patchSchool } from '@switchyard/db/transport/operations/schools';
import type { SqlEntityManager } from '@mikro-orm/sql';
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
  const em = ctx.db.fork();
  const id = await insertSchool(em, ctx.tenantId, {
    name: input.name,
    address: input.address ?? null,
    start_time: input.start_time ?? null,
    end_time: input.end_time ?? null,
  });

  return loadSchool(em, ctx.tenantId, id);
});

export const updateSchool = tenantProcedure.input(updateSchoolInput).mutation(async ({ ctx, input }) => {
  const { school_id: id, ...patch } = input;
  const em = ctx.db.fork();
  if (!(await patchSchool(em, ctx.tenantId, id, patch))) {
    throw new DomainError('not_found', 'School not found');
  }

  return loadSchool(em, ctx.tenantId, id);
});

export const deleteSchool = tenantProcedure.input(schoolRefInput).mutation(async ({ ctx, input }) => {
  if (!(await removeSchool(ctx.db.fork(), ctx.tenantId, input.school_id))) {
    throw new DomainError('not_found', 'School not found');
  }

  return { ok: true as const };
});
