import { MESSAGE_LIMITS, splitMessage } from '@switchyard/domain/webhooks/split-message';
import { callJson, field } from './http-call.ts';
import { requireChatId, requireSetting, type DeliveryContext, type DeliveryReceipt, type OutboundMessage } from './outbound-message.ts';

/** API v4 create post in a channel, 4000 characters per post. */
export const deliverToMattermost = async (message: OutboundMessage, context: DeliveryContext): Promise<DeliveryReceipt> => {
  const { env } = context;
  const token = requireSetting(env.MATTERMOST_TOKEN, 'MATTERMOST_TOKEN', 'mattermost');
  const base = requireSetting(env.MATTERMOST_API_URL, 'MATTERMOST_API_URL', 'mattermost').replace(/\/+$/, '');
  const channelId = requireChatId(message);
  const ids: string[] = [];
  for (const text of splitMessage(message.text, MESSAGE_LIMITS.mattermost)) {
    const answer = await callJson({
      what: 'mattermost create post',
      method: 'POST',
      url: `${base}/api/v4/posts`,
      headers: { authorization: `Bearer ${token}` },
      body: { channel_id: channelId, message: text },
      timeoutMs: env.WEBHOOK_HTTP_TIMEOUT_MS,
    });
    ids.push(String(field(answer, 'id') ?? ''));
  }

  return ids.join(',');
};
