import { MESSAGE_LIMITS, splitChatMessage } from '@switchyard/domain/webhooks/split-message';
import { DeliveryError } from './delivery-error.ts';
import { callJson, field } from './http-call.ts';
import { requireChatId, requireSetting, type DeliveryContext, type DeliveryReceipt, type OutboundMessage } from './outbound-message.ts';
import { sendParts } from './send-parts.ts';

/** Bot API sendMessage, one call per 4096-character part. */
export const deliverToTelegram = async (message: OutboundMessage, context: DeliveryContext): Promise<DeliveryReceipt> => {
  const { env } = context;
  const token = requireSetting(env.TELEGRAM_BOT_TOKEN, 'TELEGRAM_BOT_TOKEN', 'telegram');
  const chatId = requireChatId(message);

  return sendParts(message, splitChatMessage(message.text, MESSAGE_LIMITS.telegram), async (text) => {
    const answer = await callJson(
      {
        what: 'telegram sendMessage',
        method: 'POST',
        url: `${env.TELEGRAM_API_URL}/bot${token}/sendMessage`,
        headers: {},
        body: { chat_id: /^-?\d+$/.test(chatId) ? Number(chatId) : chatId, text },
        timeoutMs: env.WEBHOOK_HTTP_TIMEOUT_MS,
      },
      context.clock,
    );
    if (field(answer, 'ok') !== true) {
      throw new DeliveryError(`telegram sendMessage: ${String(field(answer, 'description') ?? 'not ok')}`, true);
    }

    return String(field(field(answer, 'result'), 'message_id') ?? '');
  });
};
