import { MESSAGE_LIMITS, splitChatMessage } from '@switchyard/domain/webhooks/split-message';
import { callJson, field } from './http-call.ts';
import { requireChatId, requireSetting, type DeliveryContext, type DeliveryReceipt, type OutboundMessage } from './outbound-message.ts';
import { sendParts } from './send-parts.ts';

/** Create Message on a channel (or thread) as the bot, 2000 characters per message. */
export const deliverToDiscord = async (message: OutboundMessage, context: DeliveryContext): Promise<DeliveryReceipt> => {
  const { env } = context;
  const token = requireSetting(env.DISCORD_BOT_TOKEN, 'DISCORD_BOT_TOKEN', 'discord');
  const channel = encodeURIComponent(requireChatId(message));

  return sendParts(message, splitChatMessage(message.text, MESSAGE_LIMITS.discord), async (content) => {
    const answer = await callJson(
      {
        what: 'discord create message',
        method: 'POST',
        url: `${env.DISCORD_API_URL}/channels/${channel}/messages`,
        headers: { authorization: `Bot ${token}` },
        body: { content, allowed_mentions: { parse: [] } },
        timeoutMs: env.WEBHOOK_HTTP_TIMEOUT_MS,
      },
      context.clock,
    );

    return String(field(answer, 'id') ?? '');
  });
};
