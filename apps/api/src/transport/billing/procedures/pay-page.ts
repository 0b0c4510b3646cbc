import { z } from 'zod';
import { DomainError } from '@switchyard/domain/errors';
import { readPayPage } from '@switchyard/db/transport/billing/pay-page';
import { publicProcedure } from '../../trpc.ts';
import { invoiceProvider } from '../payment-links.ts';
import { payPageOutput } from '../pay/pay-outputs.ts';
import { presentPayPage } from '../pay/pay-page-view.ts';
import { payTokenText } from '../pay/pay-token.ts';

/** The invoice a mailed pay link names: what is owed now, and after a checkout whether the payment arrived. */
export const payPage = publicProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/payments/pay/{token}',
      status: 200,
      input: 'query',
      access: 'public',
      tags: ['payments'],
      summary:
        "An invoice's pay page: what is owed now; with ?checkout=<id> after paying, whether the payment was received or is being confirmed",
      errors: ['validation_error', 'not_found'],
    },
  })
  .input(z.strictObject({ token: payTokenText, checkout: z.uuid().optional() }))
  .output(payPageOutput)
  .query(async ({ ctx, input }) => {
    const page = await readPayPage(ctx.em, input.token, input.checkout ?? null);
    if (!page) {
      throw new DomainError('not_found', 'Invoice not found');
    }

    return presentPayPage(page, invoiceProvider(ctx.env), ctx.now());
  });
