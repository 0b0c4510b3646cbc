import { ensurePayToken } from '@switchyard/db/transport/billing/pay-page';
import type { TransportContext } from '../../context.ts';
import { invoiceProvider } from '../payment-links.ts';

/** The address of an invoice's pay page: our page, which makes a checkout for the balance when used. */
export const payPageUrl = (ctx: Pick<TransportContext, 'env'>, token: string): string =>
  `${ctx.env.TRANSPORT_PUBLIC_URL.replace(/\/+$/, '')}/pay/${token}`;

/**
 * The link an invoice mail carries when a provider is configured: the invoice's pay page (never a
 * provider's checkout, whose amount would be stale once anything is paid). Null without a provider.
 */
export const invoicePayLink = async (
  ctx: Pick<TransportContext, 'env' | 'em'>,
  invoiceId: string,
): Promise<{ provider: 'square' | 'stripe'; url: string } | null> => {
  const provider = invoiceProvider(ctx.env);
  if (provider === 'none') {
    return null;
  }

  return { provider, url: payPageUrl(ctx, await ensurePayToken(ctx.em, invoiceId)) };
};
