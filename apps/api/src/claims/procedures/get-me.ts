import { toIsoSeconds } from '@switchyard/domain/time';
import { countClientClaims } from '@switchyard/db/claims/client-claims';
import { clientProcedure } from '../trpc.ts';
import { meOutput } from '../output-schemas.ts';

export const getMe = clientProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/auth/me',
      status: 200,
      access: 'client',
      tags: ['auth'],
      summary: 'The signed-in client',
      errors: ['unauthorized'],
    },
  })
  .output(meOutput)
  .query(async ({ ctx }) => {
    const { client } = ctx.session;

    return {
      client: {
        client_number: client.client_number,
        company_name: client.company_name,
        contact_name: client.contact_name,
        email: client.email,
        phone: client.phone,
        created_at: toIsoSeconds(client.created_at),
      },
      claim_count: await countClientClaims(ctx.em, client.id),
    };
  });
