import { DomainError } from '@switchyard/domain/errors';
import { squarePaymentOf, verifySquareSignature } from '@switchyard/domain/transport/billing/provider-signatures';
import { publicProcedure } from '../../trpc.ts';
import { applyNotification, notificationOutput, parseNotification, rawNotification } from '../provider-notification.ts';

/** Square's signed notifications: a completed payment of a payment link marks its invoice paid, once. */
export const squareWebhook = publicProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/payments/square/webhook',
      status: 200,
      input: 'raw',
      access: 'public',
      tags: ['payments'],
      summary: "Square's signed notification (x-square-hmacsha256-signature): a completed payment marks its invoice paid, once",
      errors: ['validation_error'],
    },
  })
  .output(notificationOutput)
  .mutation(async ({ ctx }) => {
    const raw = rawNotification(ctx);
    const key = ctx.env.SQUARE_WEBHOOK_SIGNATURE_KEY;
    const header = raw.headers['x-square-hmacsha256-signature'];
    const notificationUrl = ctx.env.SQUARE_WEBHOOK_URL ?? `${ctx.env.TRANSPORT_PUBLIC_URL}/api/payments/square/webhook`;
    const signed =
      key !== undefined &&
      verifySquareSignature({ header: Array.isArray(header) ? header[0] : header, body: raw.body, signatureKey: key, notificationUrl });
    if (!signed) {
      throw new DomainError('validation_error', 'The x-square-hmacsha256-signature does not verify.');
    }

    return applyNotification(ctx, 'square', squarePaymentOf(parseNotification(raw.body)));
  });
