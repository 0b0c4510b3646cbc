import { loadHouseholds, presentHouseholdSummary } from '@switchyard/db/transport/billing/households';
import { tenantProcedure } from '../../trpc.ts';

export const listHouseholds = tenantProcedure.query(async ({ ctx }) => (await loadHouseholds(ctx.db.fork(), ctx.tenantId)).map(presentHouseholdSummary));
