import { centsToAmount, REGISTRATION_FEE_CENTS } from '@switchyard/domain/transport/billing/rates';
import { recordPaymentLink, type DecidedRegistration } from '@switchyard/db/transport/billing/registrations';
import type { TransportContext } from '../context.ts';
import { createPaymentLink } from './payment-links.ts';

/** The page a payer comes back to after paying: the front end at its configured public address. */
export const paymentReturnUrl = (ctx: TransportContext): string => `${ctx.env.TRANSPORT_PUBLIC_URL}/?payment=complete`;

/**
 * Tells an approved parent how to pay the registration fee. Best-effort by design: the approval
 * stands whether or not the provider or the mail server answers; the result is reported.
 */
export const sendRegistrationFeeMail = async (ctx: TransportContext, registration: DecidedRegistration): Promise<boolean> => {
  const amountCents = registration.invoice?.amountCents ?? REGISTRATION_FEE_CENTS;
  const link = registration.invoice
    ? await createPaymentLink(ctx.env, ctx.logger, {
        amountCents,
        name: 'School transport registration fee',
        idempotencyKey: `registration-fee-${registration.invoice.id}`,
        returnUrl: paymentReturnUrl(ctx),
        invoiceId: registration.invoice.id,
      })
    : null;
  if (link && registration.invoice) {
    await recordPaymentLink(ctx.db.fork(), registration.invoice.id, link).catch((error: unknown) => {
      ctx.logger.warn({ err: error, invoice_id: registration.invoice?.id }, 'payment link not recorded');
    });
  }
  const amount = centsToAmount(amountCents).toFixed(2);
  const payment = link
    ? `Pay the registration fee of $${amount} online: ${link.url}`
    : `The registration fee is $${amount}. Your transport office will tell you how to pay it.`;
  try {
    await ctx.mail.send({
      to: registration.parentEmail,
      subject: 'Your school transport registration is approved',
      text: [`Hello ${registration.parentName},`, '', 'Your school transport registration has been approved.', '', payment, '', `Reference: ${registration.id}`].join('\n'),
    });

    return true;
  } catch (error) {
    ctx.logger.warn({ reason: error instanceof Error ? error.message : String(error), registration_id: registration.id }, 'registration fee email not sent');

    return false;
  }
};
