import { BILLING_CYCLE, centsToAmount, REGISTRATION_FEE_CENTS, WEEKLY_RATE_CENTS } from '@switchyard/domain/transport/billing/rates';
import { publicProcedure } from '../../trpc.ts';

export const billingRates = publicProcedure.query(() => ({
  one_way: centsToAmount(WEEKLY_RATE_CENTS.one_way),
  two_way: centsToAmount(WEEKLY_RATE_CENTS.two_way),
  cycle: BILLING_CYCLE,
  registration_fee: centsToAmount(REGISTRATION_FEE_CENTS),
}));
