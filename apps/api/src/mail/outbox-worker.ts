import { claimDueMails, markMailFailed, markMailSent, scheduleMailRetry, type OutboxMail } from '@switchyard/db/mail-outbox';
import type { Database } from '@switchyard/db/orm';
import type { Logger } from '../logger.ts';
import { outsideRequest, runAsWorkOf } from '../http/request-context.ts';
import type { MailTransport } from './mail-transport.ts';

/** Attempts before a mail is given up on: about a quarter of an hour with the backoff below. */
export const MAX_MAIL_ATTEMPTS = 6;
const LEASE_MS = 2 * 60_000;
const BATCH = 10;

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
 * Sends the outbox mails of one source. Rows are taken under a lease, so several processes may run
 * a worker on one database: each mail goes to one of them at a time. A process that dies mid-send
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
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  const deliver = async (mail: OutboxMail) => {
    const em = options.db.fork();
    try {
      await options.transport.send({ to: mail.recipient, subject: mail.subject, text: mail.body, ...(mail.reply_to ? { replyTo: mail.reply_to } : {}) });
      await markMailSent(em, mail.id, options.now());
      logger.info({ mailId: mail.id, kind: mail.kind, attempts: mail.attempts }, 'mail sent');
    } catch (error) {
      const cause = causeOf(error);
      if (isPermanent(error) || mail.attempts >= MAX_MAIL_ATTEMPTS) {
        await markMailFailed(em, mail.id, cause);
        logger.warn({ mailId: mail.id, kind: mail.kind, reference: mail.reference, attempts: mail.attempts, cause }, 'mail could not be sent; given up');
        await options.onGiveUp(mail, cause).catch((handlerError: unknown) => {
          logger.error({ err: handlerError, mailId: mail.id }, 'a mail given up on could not be recorded');
        });

        return;
      }
      const at = new Date(options.now().getTime() + retryDelayMs(mail.attempts));
      await scheduleMailRetry(em, mail.id, { at, error: cause });
      logger.warn({ mailId: mail.id, kind: mail.kind, reference: mail.reference, attempts: mail.attempts, retryAt: at.toISOString(), cause }, 'mail could not be sent; will retry');
    }
  };

  const tick = async () => {
    do {
      again = false;
      try {
        for (;;) {
          const now = options.now();
          const due = await claimDueMails(options.db.fork(), {
            source: options.source,
            now,
            leaseUntil: new Date(now.getTime() + LEASE_MS),
            limit: BATCH,
          });
          // The lines about each mail name the request that queued it.
          await Promise.all(due.map((mail) => runAsWorkOf(mail.request_id, () => deliver(mail))));
          if (due.length < BATCH || stopped) {
            break;
          }
        }
      } catch (error) {
        // The database may be away for a moment; the next poll tries again.
        logger.warn({ err: error, source: options.source }, 'mail outbox could not be read');
      }
    } while (again && !stopped);
  };

  const wake = () => {
    if (stopped) {
      return;
    }
    if (running) {
      again = true;

      return;
    }
    running = outsideRequest(() => tick()).finally(() => {
      running = null;
    });
  };

  const timer = setInterval(wake, options.pollMs ?? 1_000);
  timer.unref();
  wake();

  return {
    wake,
    runOnce: async () => {
      while (running) {
        await running;
      }
      wake();
      await running;
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
};
