import { neutraliseBroadcastMentions } from '@switchyard/domain/webhooks/broadcast-mentions';
import { MESSAGE_LIMITS, splitChatMessage } from '@switchyard/domain/webhooks/split-message';
import { callJson, field } from './http-call.ts';
import { requireChatId, requireSetting, type DeliveryContext, type DeliveryReceipt, type OutboundMessage } from './outbound-message.ts';
import { sendParts } from './send-parts.ts';

/**
 * Client-server API room send. The transaction id is derived from the delivery and the part, so a
 * retried delivery is recognised by the homeserver instead of posted twice.
 */
export const deliverToMatrix = async (message: OutboundMessage, context: DeliveryContext): Promise<DeliveryReceipt> => {
  const { env } = context;
  const token = requireSetting(env.MATRIX_ACCESS_TOKEN, 'MATRIX_ACCESS_TOKEN', 'matrix');
  const base = requireSetting(env.MATRIX_API_URL, 'MATRIX_API_URL', 'matrix').replace(/\/+$/, '');
  const room = encodeURIComponent(requireChatId(message));

  return sendParts(
    message,
    splitChatMessage(neutraliseBroadcastMentions(message.text, 'matrix'), MESSAGE_LIMITS.matrix),
    async (body, index) => {
      const transaction = `switchyard_${message.deliveryId}_${index}`;
      const answer = await callJson(
        {
          what: 'matrix room send',
          method: 'PUT',
          url: `${base}/_matrix/client/v3/rooms/${room}/send/m.room.message/${transaction}`,
          headers: { authorization: `Bearer ${token}` },
          // An empty m.mentions turns off the older rules that notify on words like @room in the body.
          body: { msgtype: 'm.text', body, 'm.mentions': {} },
          timeoutMs: env.WEBHOOK_HTTP_TIMEOUT_MS,
        },
        context.clock,
      );

      return String(field(answer, 'event_id') ?? '');
    },
  );
};
