import { z } from 'zod';
import { DomainError } from '@switchyard/domain/errors';
import type { ProviderPayment } from '@switchyard/domain/transport/billing/provider-signatures';
import { recordProviderPayment } from '@switchyard/db/transport/billing/invoice-lifecycle';
import { recordTransportAudit } from '@switchyard/db/transport/tenants/audit-log';
import type { TransportContext } from '../context.ts';

export const notificationOutput = z.object({
  received: z.literal(true),
  /** `recorded` the first time; `duplicate`, `settled`, `ignored` or `unknown_invoice` change nothing. */
  outcome: z.enum(['recorded', 'duplicate', 'settled', 'ignored', 'unknown_invoice']),
});

/** The raw body of a signed notification, or 400 when the route did not hand one over. */
export const rawNotification = (ctx: TransportContext) => {
  const raw = ctx.transport.raw;
  if (!raw) {
    throw new DomainError('validation_error', 'Send the notification to its REST path.');
  }

  return raw;
};

export const parseNotification = (body: Buffer): unknown => {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new DomainError('validation_error', 'The notification is not valid JSON.');
  }
};

/**
 * Applies a verified notification: the invoice is paid once (recordProviderPayment dedupes on the
 * provider's payment id), and the first time an audit row names the provider as the actor.
 */
export const applyNotification = async (ctx: TransportContext, provider: 'stripe' | 'square', payment: ProviderPayment | null): Promise<z.infer<typeof notificationOutput>> => {
  if (!payment) {
    return { received: true, outcome: 'ignored' };
  }
  const result = await recordProviderPayment(ctx.db.fork(), { provider, ...payment, at: ctx.now() });
  if (result.outcome === 'recorded') {
    await recordTransportAudit(ctx.db.fork(), {
      tenantId: result.tenantId,
      actor: `provider:${provider}`,
      action: 'payment.provider',
      resource: `invoice:${result.invoiceId}`,
      householdId: result.householdId,
      details: { amount: result.amountCents / 100, provider_payment_id: payment.providerPaymentId, status: result.status },
      at: ctx.now(),
    });
  } else {
    ctx.logger.info({ provider, outcome: result.outcome, provider_payment_id: payment.providerPaymentId }, 'payment notification changed nothing');
  }

  return { received: true, outcome: result.outcome };
};
