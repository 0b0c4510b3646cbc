import { originThreadOf } from '@switchyard/domain/webhooks/code-host-thread';
import { commentOnGithub } from './deliver-github-comment.ts';
import { noteOnGitlab } from './deliver-gitlab-comment.ts';
import { DeliveryError } from './delivery-error.ts';
import type { DeliveryContext, DeliveryReceipt, OutboundMessage } from './outbound-message.ts';

/**
 * `origin` answers where the event came from: a comment on the GitHub issue or pull request, or a
 * note on the GitLab issue or merge request. An event with no such thread is recorded as
 * undeliverable rather than dropped quietly.
 */
export const deliverToOrigin = async (message: OutboundMessage, context: DeliveryContext): Promise<DeliveryReceipt> => {
  const thread = originThreadOf(message.payload, message.source);
  if (thread === null) {
    throw new DeliveryError('origin: the event names no GitHub or GitLab issue, pull request or merge request', true);
  }

  return thread.host === 'github' ? commentOnGithub(thread, message.text, context) : noteOnGitlab(thread, message.text, context);
};
