import { DomainError } from '@switchyard/domain/errors';
import { themeInput } from '@switchyard/domain/transport/tenants/schemas';
import { findTenant } from '@switchyard/db/transport/tenants';
import { publicProcedure } from '../../trpc.ts';
import { presentTheme } from '../presenters.ts';
import { themeOutput } from '../output-schemas.ts';

export const getTheme = publicProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/theme/{slug}',
      status: 200,
      access: 'public',
      tags: ['tenants'],
      summary: "A tenant's theme",
      errors: ['not_found'],
    },
  })
  .output(themeOutput)
  .input(themeInput)
  .query(async ({ ctx, input }) => {
    const tenant = await findTenant(ctx.em, input.slug.trim().toLowerCase());
    if (!tenant) {
      throw new DomainError('not_found', 'Tenant not found');
    }

    return presentTheme(tenant);
  });
