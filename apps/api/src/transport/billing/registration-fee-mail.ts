import { moneyText } from '@switchyard/domain/transport/billing/money-text';
import { DEFAULT_CURRENCY, REGISTRATION_FEE_CENTS } from '@switchyard/domain/transport/billing/rates';
import { recordPaymentLink, type DecidedRegistration } from '@switchyard/db/transport/billing/registrations';
import { findTenant, readPaymentInstructions } from '@switchyard/db/transport/tenants';
import type { TransportContext } from '../context.ts';
import { invoicePayLink } from './pay/pay-link.ts';

const sendFamilyMail = async (
  ctx: TransportContext,
  registration: DecidedRegistration,
  subject: string,
  lines: string[],
): Promise<boolean> => {
  try {
    await ctx.mail.send({
      to: registration.parentEmail,
      subject,
      text: [`Hello ${registration.parentName},`, '', ...lines, '', `Reference: ${registration.id}`].join('\n'),
    });

    return true;
  } catch (error) {
    ctx.logger.warn(
      { reason: error instanceof Error ? error.message : String(error), registration_id: registration.id },
      'registration email not sent',
    );

    return false;
  }
};

/**
 * Tells an approved parent, naming the operator, how to pay the registration fee: the provider's
 * link when one is configured, else the operator's own payment instructions. Best-effort by
 * design: the approval stands whether or not the provider or the mail server answers.
 */
export const sendRegistrationFeeMail = async (
  ctx: TransportContext & { tenantId: string },
  registration: DecidedRegistration,
): Promise<boolean> => {
  const amountCents = registration.invoice?.amountCents ?? REGISTRATION_FEE_CENTS;
  // The fee's pay page, which makes a checkout for what is owed when the family uses it.
  const link = registration.invoice ? await invoicePayLink(ctx, registration.invoice.id) : null;
  if (link && registration.invoice) {
    await recordPaymentLink(ctx.em, registration.invoice.id, { ...link, ref: null }).catch((error: unknown) => {
      ctx.logger.warn({ err: error, invoice_id: registration.invoice?.id }, 'payment link not recorded');
    });
  }
  const em = ctx.em;
  const operator = (await findTenant(em, ctx.tenantId))?.name ?? ctx.tenantId;
  const instructions = link ? null : await readPaymentInstructions(em, ctx.tenantId);
  const amount = moneyText(amountCents, registration.invoice?.currency ?? DEFAULT_CURRENCY);
  const payment = link
    ? [`Pay the registration fee of ${amount} online: ${link.url}`]
    : instructions
      ? [`The registration fee is ${amount}. How to pay ${operator}:`, '', instructions]
      : [`The registration fee is ${amount}. ${operator} will tell you how to pay it.`];

  return sendFamilyMail(ctx, registration, `${operator}: your school transport registration is approved`, [
    `${operator} has approved your school transport registration.`,
    '',
    ...payment,
  ]);
};

/** Tells a family its registration was rejected, with the operator's reason when one was given. */
export const sendRejectionMail = async (
  ctx: TransportContext & { tenantId: string },
  registration: DecidedRegistration,
  reason: string | null,
): Promise<boolean> => {
  const operator = (await findTenant(ctx.em, ctx.tenantId))?.name ?? ctx.tenantId;

  return sendFamilyMail(ctx, registration, `${operator}: your school transport registration was not approved`, [
    `${operator} could not approve your school transport registration.`,
    '',
    reason ? `Reason: ${reason}` : 'Contact your transport office to learn more.',
    '',
    'Nothing is owed for this registration.',
  ]);
};
