import { z } from 'zod';
import { DomainError } from '@switchyard/domain/errors';
import type { ProviderPayment } from '@switchyard/domain/transport/billing/provider-signatures';
import { recordProviderPayment } from '@switchyard/db/transport/billing/invoice-lifecycle';
import { recordTransportAudit } from '@switchyard/db/transport/tenants/audit-log';
import { findUnstorableInput, unstorableInputMessage } from '@switchyard/domain/transport/unstorable-input';
import type { TransportContext } from '../context.ts';
import { expireCheckouts } from './payment-links.ts';
import { TRANSPORT_MAIL_SOURCE } from '../live/trip-progress.ts';

export const notificationOutput = z.object({
  received: z.literal(true),
  /**
   * `recorded` the first time, whatever the invoice's state (on a void or paid invoice the money
   * becomes household credit, flagged for the operator); `duplicate`, `ignored` or
   * `unknown_invoice` change nothing.
   */
  outcome: z.enum(['recorded', 'duplicate', 'ignored', 'unknown_invoice']),
});

/** The raw body of a signed notification, or 400 when the route did not hand one over. */
export const rawNotification = (ctx: TransportContext) => {
  const raw = ctx.transport.raw;
  if (!raw) {
    throw new DomainError('validation_error', 'Send the notification to its REST path.');
  }

  return raw;
};

/** The notification's JSON; a body that is not JSON, or holds what the database cannot store (a NUL), is 400. */
export const parseNotification = (body: Buffer): unknown => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new DomainError('validation_error', 'The notification is not valid JSON.');
  }
  const found = findUnstorableInput(parsed);
  if (found) {
    throw new DomainError('validation_error', unstorableInputMessage(found));
  }

  return parsed;
};

/**
 * Applies a verified notification: the payment is recorded once (recordProviderPayment dedupes on
 * the provider's payment id), and the first time an audit row names the provider as the actor and
 * says what the invoice could not take (a void invoice, an overpayment). The invoice's other open
 * checkouts are expired, since the balance they were made for no longer holds.
 */
export const applyNotification = async (
  ctx: TransportContext,
  provider: 'stripe' | 'square',
  payment: ProviderPayment | null,
): Promise<z.infer<typeof notificationOutput>> => {
  if (!payment) {
    return { received: true, outcome: 'ignored' };
  }
  const result = await recordProviderPayment(ctx.em, { provider, ...payment, at: ctx.now(), receiptSource: TRANSPORT_MAIL_SOURCE });
  if (result.outcome === 'recorded') {
    ctx.wakeMail();
    await recordTransportAudit(ctx.em, {
      tenantId: result.tenantId,
      actor: `provider:${provider}`,
      action: 'payment.provider',
      resource: `invoice:${result.invoiceId}`,
      householdId: result.householdId,
      details: {
        amount: result.amountCents / 100,
        provider_payment_id: payment.providerPaymentId,
        status: { from: result.before, to: result.after },
        credited: result.creditedCents / 100,
        flag: result.flag,
      },
      at: ctx.now(),
    });
    await expireCheckouts(ctx.env, ctx.logger, result.expired);
  } else {
    ctx.logger.info(
      { provider, outcome: result.outcome, provider_payment_id: payment.providerPaymentId },
      'payment notification changed nothing',
    );
  }

  return { received: true, outcome: result.outcome };
};
