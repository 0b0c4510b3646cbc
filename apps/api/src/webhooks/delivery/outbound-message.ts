import type { CodeHost } from '@switchyard/domain/webhooks/code-host';
import type { Clock } from '../../clock.ts';
import type { Logger } from '../../logger.ts';
import type { WebhookEnv } from '../webhook-env.ts';
import { DeliveryError } from './delivery-error.ts';

/** A message on its way to a target. */
export type OutboundMessage = {
  deliveryId: string;
  route: string;
  target: string;
  /** Chat, channel, room or thread reference, already rendered from its template. */
  chatId: string | null;
  text: string;
  payload: unknown;
  source: CodeHost | null;
  /** Receipts of the parts of this message earlier attempts already sent, in order; those are skipped. */
  sentParts: readonly string[];
  /** Keeps the receipts of the parts sent so far, so a retry resumes after them. Never throws. */
  recordSentParts: (receipts: readonly string[]) => Promise<void>;
};

export type DeliveryContext = {
  env: WebhookEnv;
  logger: Logger;
  /** Reads the time for a target's "retry after" date. */
  clock: Clock;
};

/** Where a delivered message can be found: a message id or comment URL, when the target gives one. */
export type DeliveryReceipt = string | null;

/** A setting the target cannot work without; its absence will not fix itself by retrying. */
export const requireSetting = (value: string | undefined, variable: string, target: string): string => {
  if (value === undefined) {
    throw new DeliveryError(`${target}: ${variable} is not set`, true);
  }

  return value;
};

export const requireChatId = (message: OutboundMessage): string => {
  if (message.chatId === null || message.chatId.trim() === '') {
    throw new DeliveryError(`${message.target}: no chat id (--deliver-chat-id) for this route`, true);
  }

  return message.chatId.trim();
};
