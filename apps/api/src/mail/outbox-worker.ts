import { claimDueMails, markMailFailed, markMailSent, scheduleMailRetry, type OutboxMail } from '@switchyard/db/mail-outbox';
import type { Database } from '@switchyard/db/orm';
import type { Logger } from '../logger.ts';
import { outsideRequest, runAsWorkOf } from '../http/request-context.ts';
import { afterFailure, startLeaseWorker } from '../work-queue/lease-worker.ts';
import type { MailTransport } from './mail-transport.ts';

/** Attempts before a mail is given up on: about a quarter of an hour with the backoff below. */
export const MAX_MAIL_ATTEMPTS = 6;
const LEASE_MS = 2 * 60_000;
/** Mails sent at once by one process. */
const CONCURRENCY = 10;

/** 30 s, 1 min, 2 min, ... capped at 30 min, with up to 10% jitter so retries do not bunch up. */
export const retryDelayMs = (attempts: number, random = Math.random()): number => {
  const base = Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000);

  return Math.round(base * (1 + random * 0.1));
};

/** An SMTP 5xx answer is the server's final word (no such mailbox, refused); retrying cannot help. */
const isPermanent = (error: unknown): boolean => {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;

  return typeof code === 'number' && code >= 500 && code < 600;
};

const causeOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export type OutboxWorker = {
  /** Looks for due mail now rather than at the next poll (after a request wrote one). */
  wake(): void;
  /**
   * Waits for a pass under way, then makes one more over the mail due now and resolves when it is
   * done: a caller that moved the clock (a test) knows every mail due by then was tried.
   */
  runOnce(): Promise<void>;
  /** Stops polling and waits for the sends under way; unsent rows stay for the next start. */
  stop(): Promise<void>;
};

/**
 * Sends the outbox mails of one source, on the queues' one engine (`startLeaseWorker`, as webhook
 * deliveries). Rows are taken under a lease, so several processes may run a worker on one
 * database: each mail goes to one of them at a time. A process that dies mid-send
 * leaves its lease to lapse and the row is sent again (at least once: a crash after the server took
 * the mail but before the row was marked sent gives a duplicate). A failed send is logged and tried
 * again with backoff; once given up on (a permanent refusal, or the attempts spent), `onGiveUp`
 * hears of it.
 */
export const startOutboxWorker = (options: {
  source: string;
  db: Database;
  transport: MailTransport;
  logger: Logger;
  now: () => Date;
  onGiveUp: (mail: OutboxMail, cause: string) => Promise<void>;
  pollMs?: number;
}): OutboxWorker => {
  const { logger } = options;

  const deliver = async (mail: OutboxMail) => {
    const em = options.db.fork();
    try {
      await options.transport.send({
        to: mail.recipient,
        subject: mail.subject,
        text: mail.body,
        ...(mail.reply_to ? { replyTo: mail.reply_to } : {}),
      });
      await markMailSent(em, mail.id, options.now());
      logger.info({ mailId: mail.id, kind: mail.kind, attempts: mail.attempts }, 'mail sent');
    } catch (error) {
      const cause = causeOf(error);
      const step = afterFailure({ attempts: mail.attempts, maxAttempts: MAX_MAIL_ATTEMPTS, permanent: isPermanent(error) }, retryDelayMs);
      if (step.kind === 'give_up') {
        await markMailFailed(em, mail.id, cause);
        logger.warn(
          { mailId: mail.id, kind: mail.kind, reference: mail.reference, attempts: mail.attempts, cause },
          'mail could not be sent; given up',
        );
        await options.onGiveUp(mail, cause).catch((handlerError: unknown) => {
          logger.error({ err: handlerError, mailId: mail.id }, 'a mail given up on could not be recorded');
        });

        return;
      }
      const at = new Date(options.now().getTime() + step.delayMs);
      await scheduleMailRetry(em, mail.id, { at, error: cause });
      logger.warn(
        { mailId: mail.id, kind: mail.kind, reference: mail.reference, attempts: mail.attempts, retryAt: at.toISOString(), cause },
        'mail could not be sent; will retry',
      );
    }
  };

  // Started outside any request, so a request that wakes it lends its id to no other mail.
  const worker = outsideRequest(() =>
    startLeaseWorker<OutboxMail>({
      claim: (limit) => {
        const now = options.now();

        return claimDueMails(options.db.fork(), { source: options.source, now, leaseUntil: new Date(now.getTime() + LEASE_MS), limit });
      },
      // The lines about each mail name the request that queued it.
      run: (mail) => runAsWorkOf(mail.request_id, () => deliver(mail)),
      concurrency: CONCURRENCY,
      pollMs: options.pollMs ?? 1_000,
      clock: { now: () => options.now().getTime() },
      crashed: (mail, error) =>
        logger.error({ err: error, mailId: mail.id }, 'a mail send failed unexpectedly; its lease will lapse and it is tried again'),
      // The database may be away for a moment; the next poll tries again.
      claimFailed: (error) => logger.warn({ err: error, source: options.source }, 'mail outbox could not be read'),
    }),
  );

  return {
    wake: () => worker.nudge(),
    runOnce: async () => {
      // What the polling loop has under way first, then every mail due now, then what the loop took meanwhile.
      await worker.settled();
      await worker.drain();
      await worker.settled();
    },
    stop: () => worker.stop(),
  };
};
