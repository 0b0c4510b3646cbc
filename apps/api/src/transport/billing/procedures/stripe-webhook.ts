import { DomainError } from '@switchyard/domain/errors';
import { stripePaymentOf, verifyStripeSignature } from '@switchyard/domain/transport/billing/provider-signatures';
import { publicProcedure } from '../../trpc.ts';
import { applyNotification, notificationOutput, parseNotification, rawNotification } from '../provider-notification.ts';

/** Stripe's signed notifications: a completed checkout marks its invoice paid, once. */
export const stripeWebhook = publicProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/payments/stripe/webhook',
      status: 200,
      input: 'raw',
      access: 'public',
      tags: ['payments'],
      summary: "Stripe's signed notification (Stripe-Signature): a completed checkout marks its invoice paid, once",
      errors: ['validation_error'],
    },
  })
  .output(notificationOutput)
  .mutation(async ({ ctx }) => {
    const raw = rawNotification(ctx);
    const secret = ctx.env.STRIPE_WEBHOOK_SECRET;
    const header = raw.headers['stripe-signature'];
    const signed =
      secret !== undefined &&
      verifyStripeSignature({
        header: Array.isArray(header) ? header[0] : header,
        body: raw.body,
        secret,
        nowSeconds: Math.floor(ctx.now().getTime() / 1000),
      });
    if (!signed) {
      throw new DomainError('validation_error', 'The Stripe-Signature does not verify.');
    }

    return applyNotification(ctx, 'stripe', stripePaymentOf(parseNotification(raw.body)));
  });
