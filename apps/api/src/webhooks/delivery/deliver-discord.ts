import { MESSAGE_LIMITS, splitMessage } from '@switchyard/domain/webhooks/split-message';
import { callJson, field } from './http-call.ts';
import { requireChatId, requireSetting, type DeliveryContext, type DeliveryReceipt, type OutboundMessage } from './outbound-message.ts';

/** Create Message on a channel (or thread) as the bot, 2000 characters per message. */
export const deliverToDiscord = async (message: OutboundMessage, context: DeliveryContext): Promise<DeliveryReceipt> => {
  const { env } = context;
  const token = requireSetting(env.DISCORD_BOT_TOKEN, 'DISCORD_BOT_TOKEN', 'discord');
  const channel = encodeURIComponent(requireChatId(message));
  const ids: string[] = [];
  for (const content of splitMessage(message.text, MESSAGE_LIMITS.discord)) {
    const answer = await callJson({
      what: 'discord create message',
      method: 'POST',
      url: `${env.DISCORD_API_URL}/channels/${channel}/messages`,
      headers: { authorization: `Bot ${token}` },
      body: { content, allowed_mentions: { parse: [] } },
      timeoutMs: env.WEBHOOK_HTTP_TIMEOUT_MS,
    });
    ids.push(String(field(answer, 'id') ?? ''));
  }

  return ids.join(',');
};
