import { listSchools as listSchoolRows } from '@switchyard/db/transport/operations/schools';
import { tenantProcedure } from '../../trpc.ts';
import { presentSchool } from '../presenters.ts';
import { schoolsOutput } from '../output-schemas.ts';

export const listSchools = tenantProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/schools',
      status: 200,
      access: 'tenant',
      tags: ['schools'],
      summary: 'Schools of the tenant, all columns',
      errors: ['unauthorized', 'forbidden'],
    },
  })
  .output(schoolsOutput)
  .query(async ({ ctx }) => (await listSchoolRows(ctx.em, ctx.tenantId)).map(presentSchool));
