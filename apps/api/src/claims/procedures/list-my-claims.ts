import { listClientClaims } from '@switchyard/db/claims/client-claims';
import { clientProcedure } from '../trpc.ts';
import { presentClientClaimItem } from '../presenters.ts';

export const listMyClaims = clientProcedure.query(async ({ ctx }) => ({
  claims: (await listClientClaims(ctx.db.fork(), ctx.session.client.id)).map(presentClientClaimItem),
}));
