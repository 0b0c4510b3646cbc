import { neutraliseBroadcastMentions } from '@switchyard/domain/webhooks/broadcast-mentions';
import { MESSAGE_LIMITS, splitChatMessage } from '@switchyard/domain/webhooks/split-message';
import { DeliveryError } from './delivery-error.ts';
import { callJson, field } from './http-call.ts';
import { requireChatId, requireSetting, type DeliveryContext, type DeliveryReceipt, type OutboundMessage } from './outbound-message.ts';
import { sendParts } from './send-parts.ts';

const RETRYABLE_SLACK_ERRORS = new Set(['ratelimited', 'service_unavailable', 'internal_error', 'fatal_error', 'request_timeout']);

/** chat.postMessage; Slack answers HTTP 200 with `ok: false` for most failures. */
export const deliverToSlack = async (message: OutboundMessage, context: DeliveryContext): Promise<DeliveryReceipt> => {
  const { env } = context;
  const token = requireSetting(env.SLACK_BOT_TOKEN, 'SLACK_BOT_TOKEN', 'slack');
  const channel = requireChatId(message);

  return sendParts(message, splitChatMessage(neutraliseBroadcastMentions(message.text, 'slack'), MESSAGE_LIMITS.slack), async (text) => {
    const answer = await callJson(
      {
        what: 'slack chat.postMessage',
        method: 'POST',
        url: `${env.SLACK_API_URL}/chat.postMessage`,
        headers: { authorization: `Bearer ${token}` },
        body: { channel, text, mrkdwn: true },
        timeoutMs: env.WEBHOOK_HTTP_TIMEOUT_MS,
      },
      context.clock,
    );
    if (field(answer, 'ok') !== true) {
      const error = String(field(answer, 'error') ?? 'not ok');
      throw new DeliveryError(`slack chat.postMessage: ${error}`, !RETRYABLE_SLACK_ERRORS.has(error));
    }

    return String(field(answer, 'ts') ?? '');
  });
};
