import { listSchools as listSchoolRows } from '@switchyard/db/transport/operations/schools';
import { tenantProcedure } from '../../trpc.ts';
import { presentSchool } from '../presenters.ts';

export const listSchools = tenantProcedure.query(async ({ ctx }) => (await listSchoolRows(ctx.db.fork(), ctx.tenantId)).map(presentSchool));
