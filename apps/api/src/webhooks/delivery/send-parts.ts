import { recordsProgressAfter, unsentParts } from '@switchyard/domain/webhooks/sent-parts';
import type { DeliveryReceipt, OutboundMessage } from './outbound-message.ts';

/**
 * Sends a split message part by part, beginning with the first part no earlier attempt sent, and
 * records the receipts after each part but the last: when a later part fails, the retry does not
 * post the earlier ones again. Answers the receipts of all parts, the earlier attempts' included.
 */
export const sendParts = async (
  message: OutboundMessage,
  parts: readonly string[],
  sendPart: (text: string, index: number) => Promise<string>,
): Promise<DeliveryReceipt> => {
  const receipts = message.sentParts.slice(0, parts.length);
  for (const part of unsentParts(parts, receipts.length)) {
    receipts.push(await sendPart(part.text, part.index));
    if (recordsProgressAfter(part.index, parts.length)) {
      await message.recordSentParts(receipts);
    }
  }

  return receipts.join(',');
};
