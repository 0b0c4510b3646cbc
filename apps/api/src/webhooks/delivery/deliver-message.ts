import type { DeliveryTarget } from '@switchyard/domain/webhooks/delivery-targets';
import { isDeliveryTarget } from '@switchyard/domain/webhooks/delivery-targets';
import { deliverToDiscord } from './deliver-discord.ts';
import { deliverToGithubComment } from './deliver-github-comment.ts';
import { deliverToGitlabComment } from './deliver-gitlab-comment.ts';
import { deliverToLog } from './deliver-log.ts';
import { deliverToMatrix } from './deliver-matrix.ts';
import { deliverToMattermost } from './deliver-mattermost.ts';
import { deliverToOrigin } from './deliver-origin.ts';
import { deliverToSlack } from './deliver-slack.ts';
import { deliverToTelegram } from './deliver-telegram.ts';
import { DeliveryError } from './delivery-error.ts';
import type { DeliveryContext, DeliveryReceipt, OutboundMessage } from './outbound-message.ts';

type Adapter = (message: OutboundMessage, context: DeliveryContext) => Promise<DeliveryReceipt>;

const ADAPTERS: Record<DeliveryTarget, Adapter> = {
  log: deliverToLog,
  origin: deliverToOrigin,
  github_comment: deliverToGithubComment,
  gitlab_comment: deliverToGitlabComment,
  telegram: deliverToTelegram,
  discord: deliverToDiscord,
  slack: deliverToSlack,
  mattermost: deliverToMattermost,
  matrix: deliverToMatrix,
};

export type DeliverMessage = (message: OutboundMessage) => Promise<DeliveryReceipt>;

/** Sends a message to its route's target; every failure surfaces as a DeliveryError. */
export const createMessageDelivery =
  (context: DeliveryContext): DeliverMessage =>
  async (message) => {
    if (!isDeliveryTarget(message.target)) {
      throw new DeliveryError(`unknown delivery target "${message.target}"`, true);
    }

    return ADAPTERS[message.target](message, context);
  };
