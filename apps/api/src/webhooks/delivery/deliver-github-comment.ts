import { githubThreadOf, parseThreadReference, type CodeHostThread } from '@switchyard/domain/webhooks/code-host-thread';
import { MESSAGE_LIMITS, trimMessage } from '@switchyard/domain/webhooks/split-message';
import { DeliveryError } from './delivery-error.ts';
import { callJson, field } from './http-call.ts';
import { requireSetting, type DeliveryContext, type DeliveryReceipt, type OutboundMessage } from './outbound-message.ts';

type GithubThread = Extract<CodeHostThread, { host: 'github' }>;

/** Issue and pull-request conversation comments both go through the Issue Comments API. */
export const commentOnGithub = async (thread: GithubThread, text: string, context: DeliveryContext): Promise<DeliveryReceipt> => {
  const { env } = context;
  const token = requireSetting(env.GITHUB_TOKEN, 'GITHUB_TOKEN', 'github_comment');
  const [owner = '', repo = ''] = thread.repo.split('/');
  const answer = await callJson(
    {
      what: 'github create issue comment',
      method: 'POST',
      url: `${env.GITHUB_API_URL}/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/issues/${thread.number}/comments`,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28',
        'user-agent': 'switchyard-webhooks',
      },
      body: { body: trimMessage(text, MESSAGE_LIMITS.github_comment) },
      timeoutMs: env.WEBHOOK_HTTP_TIMEOUT_MS,
    },
    context.clock,
  );

  return String(field(answer, 'html_url') ?? field(answer, 'id') ?? '');
};

/** `--deliver-chat-id owner/repo#12` names the thread; without it, the event's own issue or PR. */
export const deliverToGithubComment = async (message: OutboundMessage, context: DeliveryContext): Promise<DeliveryReceipt> => {
  const thread = message.chatId !== null ? parseThreadReference('github', message.chatId) : githubThreadOf(message.payload);
  if (thread === null || thread.host !== 'github') {
    throw new DeliveryError(
      message.chatId !== null
        ? `github_comment: "${message.chatId}" is not an owner/repo#number reference`
        : 'github_comment: the event names no repository issue or pull request',
      true,
    );
  }

  return commentOnGithub(thread, message.text, context);
};
