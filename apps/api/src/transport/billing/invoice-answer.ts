import { DomainError } from '@switchyard/domain/errors';
import { readInvoiceDetail } from '@switchyard/db/transport/billing/invoice-lifecycle';
import type { TransportContext } from '../context.ts';
import { presentInvoiceDetail, type InvoiceDetail } from './presenters.ts';

/** The tenant's invoice with its payments, or 404: what every invoice path answers. */
export const invoiceAnswer = async (
  ctx: Pick<TransportContext, 'em'> & { tenantId: string },
  invoiceId: string,
): Promise<InvoiceDetail> => {
  const detail = await readInvoiceDetail(ctx.em, ctx.tenantId, invoiceId);
  if (!detail) {
    throw new DomainError('not_found', 'Invoice not found');
  }

  return presentInvoiceDetail(detail);
};
