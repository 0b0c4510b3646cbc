import { listClientClaims } from '@switchyard/db/claims/client-claims';
import { clientProcedure } from '../trpc.ts';
import { presentClientClaimItem } from '../presenters.ts';
import { clientClaimListOutput } from '../output-schemas.ts';

export const listMyClaims = clientProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/claims',
      status: 200,
      access: 'client',
      tags: ['claims'],
      summary: "The client's claims",
      errors: ['unauthorized'],
    },
  })
  .output(clientClaimListOutput)
  .query(async ({ ctx }) => ({
    claims: (await listClientClaims(ctx.em, ctx.session.client.id)).map(presentClientClaimItem),
  }));
