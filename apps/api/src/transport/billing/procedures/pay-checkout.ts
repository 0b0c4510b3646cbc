import { z } from 'zod';
import { PUBLIC_WRITE_LIMITS } from '@switchyard/domain/transport/public-write-limits';
import { limitedPerAddress } from '../../rate-limits.ts';
import { publicProcedure } from '../../trpc.ts';
import { makeCheckout } from '../pay/make-checkout.ts';
import { checkoutOutput } from '../pay/pay-outputs.ts';
import { payTokenText } from '../pay/pay-token.ts';

/** "Pay" on an invoice's pay page: a provider checkout for the balance at this moment. */
export const payCheckout = publicProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/payments/pay/{token}/checkout',
      status: 200,
      input: 'json',
      access: 'public',
      tags: ['payments'],
      summary:
        'A checkout for what the invoice owes now (an open one for the same balance is used again, any other expired); nothing owed or no provider is 409, the provider failing 502',
      errors: ['validation_error', 'not_found', 'conflict', 'rate_limited', 'bad_gateway'],
    },
  })
  .use(limitedPerAddress(PUBLIC_WRITE_LIMITS.checkoutPerAddress))
  .input(z.strictObject({ token: payTokenText }))
  .output(checkoutOutput)
  .mutation(({ ctx, input }) => makeCheckout(ctx, input.token));
