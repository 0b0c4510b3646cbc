import { gitlabThreadOf, parseThreadReference, type CodeHostThread } from '@switchyard/domain/webhooks/code-host-thread';
import { MESSAGE_LIMITS, trimMessage } from '@switchyard/domain/webhooks/split-message';
import { DeliveryError } from './delivery-error.ts';
import { callJson, field } from './http-call.ts';
import { requireSetting, type DeliveryContext, type DeliveryReceipt, type OutboundMessage } from './outbound-message.ts';

type GitlabThread = Extract<CodeHostThread, { host: 'gitlab' }>;

/** Notes API: a note on an issue or a merge request; the project is its id or URL-encoded path. */
export const noteOnGitlab = async (thread: GitlabThread, text: string, context: DeliveryContext): Promise<DeliveryReceipt> => {
  const { env } = context;
  const token = requireSetting(env.GITLAB_TOKEN, 'GITLAB_TOKEN', 'gitlab_comment');
  const answer = await callJson(
    {
      what: 'gitlab create note',
      method: 'POST',
      url: `${env.GITLAB_API_URL}/projects/${encodeURIComponent(thread.project)}/${thread.kind}/${thread.iid}/notes`,
      headers: { 'private-token': token },
      body: { body: trimMessage(text, MESSAGE_LIMITS.gitlab_comment) },
      timeoutMs: env.WEBHOOK_HTTP_TIMEOUT_MS,
    },
    context.clock,
  );

  return String(field(answer, 'id') ?? '');
};

/** `--deliver-chat-id group/project!4` (MR) or `group/project#4` (issue); without it, the event's own. */
export const deliverToGitlabComment = async (message: OutboundMessage, context: DeliveryContext): Promise<DeliveryReceipt> => {
  const thread = message.chatId !== null ? parseThreadReference('gitlab', message.chatId) : gitlabThreadOf(message.payload);
  if (thread === null || thread.host !== 'gitlab') {
    throw new DeliveryError(
      message.chatId !== null
        ? `gitlab_comment: "${message.chatId}" is not a project#iid or project!iid reference`
        : 'gitlab_comment: the event names no issue or merge request',
      true,
    );
  }

  return noteOnGitlab(thread, message.text, context);
};
