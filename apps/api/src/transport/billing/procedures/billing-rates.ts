import { BILLING_CYCLE, centsToAmount, REGISTRATION_FEE_CENTS, WEEKLY_RATE_CENTS } from '@switchyard/domain/transport/billing/rates';
import { publicProcedure } from '../../trpc.ts';
import { ratesOutput } from '../output-schemas.ts';

export const billingRates = publicProcedure.meta({ rest: { method: 'GET', path: '/api/billing/rates', status: 200, access: 'public', tags: ['billing'], summary: 'Weekly rates and registration fee' } }).output(ratesOutput).query(() => ({
  one_way: centsToAmount(WEEKLY_RATE_CENTS.one_way),
  two_way: centsToAmount(WEEKLY_RATE_CENTS.two_way),
  cycle: BILLING_CYCLE,
  registration_fee: centsToAmount(REGISTRATION_FEE_CENTS),
}));
