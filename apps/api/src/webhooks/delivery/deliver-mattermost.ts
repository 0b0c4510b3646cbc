import { neutraliseBroadcastMentions } from '@switchyard/domain/webhooks/broadcast-mentions';
import { MESSAGE_LIMITS, splitChatMessage } from '@switchyard/domain/webhooks/split-message';
import { callJson, field } from './http-call.ts';
import { requireChatId, requireSetting, type DeliveryContext, type DeliveryReceipt, type OutboundMessage } from './outbound-message.ts';
import { sendParts } from './send-parts.ts';

/** API v4 create post in a channel, 4000 characters per post. */
export const deliverToMattermost = async (message: OutboundMessage, context: DeliveryContext): Promise<DeliveryReceipt> => {
  const { env } = context;
  const token = requireSetting(env.MATTERMOST_TOKEN, 'MATTERMOST_TOKEN', 'mattermost');
  const base = requireSetting(env.MATTERMOST_API_URL, 'MATTERMOST_API_URL', 'mattermost').replace(/\/+$/, '');
  const channelId = requireChatId(message);

  return sendParts(
    message,
    splitChatMessage(neutraliseBroadcastMentions(message.text, 'mattermost'), MESSAGE_LIMITS.mattermost),
    async (text) => {
      const answer = await callJson(
        {
          what: 'mattermost create post',
          method: 'POST',
          url: `${base}/api/v4/posts`,
          headers: { authorization: `Bearer ${token}` },
          body: { channel_id: channelId, message: text },
          timeoutMs: env.WEBHOOK_HTTP_TIMEOUT_MS,
        },
        context.clock,
      );

      return String(field(answer, 'id') ?? '');
    },
  );
};
