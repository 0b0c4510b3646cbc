import { DomainError } from '@switchyard/domain/errors';
import { publicSchoolsInput } from '@switchyard/domain/transport/operations/schemas';
import { resolvePublicTenant } from '@switchyard/domain/transport/tenant-resolution';
import { findTenant } from '@switchyard/db/transport/tenants';
import { listSchools } from '@switchyard/db/transport/operations/schools';
import { publicProcedure } from '../../trpc.ts';
import { presentPublicSchool } from '../presenters.ts';
import { publicSchoolsOutput } from '../output-schemas.ts';

/** The school list of the registration form; the tenant comes from the public resolution order. */
export const listPublicSchools = publicProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/public/schools',
      status: 200,
      input: 'query',
      access: 'public',
      tags: ['schools'],
      summary: 'Schools of the publicly resolved tenant',
      errors: ['not_found'],
    },
  })
  .output(publicSchoolsOutput)
  .input(publicSchoolsInput)
  .query(async ({ ctx, input }) => {
    // tRPC callers pass the tenant in the input; REST callers' query string is already in the hints.
    const tenantId = resolvePublicTenant({ ...ctx.tenantHints, queryTenant: input?.tenant ?? input?.slug ?? ctx.tenantHints.queryTenant });
    const em = ctx.em;
    if (!(await findTenant(em, tenantId))) {
      throw new DomainError('not_found', 'Tenant not found');
    }

    return { tenant_id: tenantId, schools: (await listSchools(em, tenantId)).map(presentPublicSchool) };
  });
