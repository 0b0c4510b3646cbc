import { currentRequestId } from '../../http/request-context.ts';
import { LIMITS } from '@switchyard/domain/claims/limits';
import { portalClaimLink } from '@switchyard/domain/claims/sign-in-link';
import { findClaimRecipient } from '@switchyard/db/claims/client-notices';
import type { IntakeTeamMail } from '@switchyard/db/claims/intake';
import { enqueueGroupedMail, enqueueMail } from '@switchyard/db/mail-outbox';
import type { Database } from '@switchyard/db/orm';
import type { Logger } from '../../logger.ts';
import type { OutgoingMail } from '../../mail/mail-transport.ts';
import {
  claimUpdateLine,
  claimUpdateMailHead,
  claimFiledUnderEmailMail,
  intakeAcknowledgementMail,
  clientMessageMail,
  intakeSummaryMail,
  signInLinkMail,
  staffSignInLinkMail,
  type ClaimFiledUnderEmail,
  type ClientMessageSummary,
  type IntakeAcknowledgement,
  type IntakeSummary,
} from './templates.ts';

/** The outbox `source` of the claims service's mail. */
export const CLAIMS_MAIL_SOURCE = 'claims';

export type ClaimsMailer = {
  /**
   * The team's mail about an intake, as an outbox row's fields: the intake's own statement writes
   * it (packages/db/src/claims/intake.ts), so a filed claim always has its team mail queued.
   */
  intakeSummary(summary: IntakeSummary): IntakeTeamMail;
  /** Tells the outbox worker that a mail was queued by someone else's statement. */
  queued(): void;
  signInLink(to: string, contactName: string, link: string): Promise<void>;
  staffSignInLink(to: string, name: string, link: string): Promise<void>;
  clientMessage(summary: ClientMessageSummary): Promise<void>;
  claimFiledUnderEmail(notice: ClaimFiledUnderEmail): Promise<void>;
  /** Acknowledges a new client's intake: the claim number and the portal's sign-in page. */
  intakeAcknowledgement(notice: IntakeAcknowledgement): Promise<void>;
  /**
   * Tells the claim's client of a change they can see (a status change, a shared note, a document
   * made visible). Changes within a few minutes of the first go out as one mail.
   */
  claimUpdate(claimNumber: string, change: string): Promise<void>;
};

/**
 * Mail is written to the durable outbox before the request is answered and sent by the outbox
 * worker after it, so a slow mail server never slows a request and a crash loses no mail. Mail is
 * best-effort: not even a failure to write the outbox row fails the request; it is logged. The
 * team's intake mail is the exception: it is written by the intake's own statement, with the claim.
 */
export const createClaimsMailer = (options: {
  db: Database;
  teamEmail: string;
  portalUrl: string;
  logger: Logger;
  now: () => Date;
  wake: () => void;
}): ClaimsMailer => {
  // The mailer is the process's, called by procedures and sweeps alike without a request's context: a fork per mail.
  const queue = async (kind: string, mail: OutgoingMail, claimId: string | null) => {
    try {
      await enqueueMail(options.db.fork(), {
        source: CLAIMS_MAIL_SOURCE,
        kind,
        reference: claimId,
        recipient: mail.to,
        replyTo: mail.replyTo ?? null,
        subject: mail.subject,
        body: mail.text,
        now: options.now(),
        requestId: currentRequestId(),
      });
      options.wake();
    } catch (error) {
      options.logger.error({ err: error, kind, claimId }, 'mail could not be queued');
    }
  };

  const claimUpdate = async (claimNumber: string, change: string) => {
    try {
      const em = options.db.fork();
      const recipient = await findClaimRecipient(em, claimNumber);
      if (!recipient) {
        return;
      }
      const now = options.now();
      const { subject, head } = claimUpdateMailHead({
        claimNumber,
        contactName: recipient.contact_name,
        portalLink: portalClaimLink(options.portalUrl, claimNumber),
      });
      await enqueueGroupedMail(em, {
        source: CLAIMS_MAIL_SOURCE,
        kind: 'claim_update',
        reference: recipient.claim_id,
        recipient: recipient.email,
        replyTo: options.teamEmail,
        subject,
        head,
        line: claimUpdateLine(change),
        groupKey: `claim-update:${recipient.claim_id}`,
        notBefore: new Date(now.getTime() + LIMITS.clientNoticeMinutes * 60_000),
        now,
      });
    } catch (error) {
      options.logger.error({ err: error, claimNumber }, 'client notice could not be queued');
    }
  };

  return {
    claimUpdate,
    intakeSummary: (summary) => {
      const mail = intakeSummaryMail(options.teamEmail, summary);

      return {
        source: CLAIMS_MAIL_SOURCE,
        kind: 'intake_summary',
        recipient: mail.to,
        replyTo: mail.replyTo ?? null,
        subject: mail.subject,
        body: mail.text,
        requestId: currentRequestId() ?? null,
      };
    },
    queued: options.wake,
    signInLink: (to, contactName, link) => queue('sign_in_link', signInLinkMail(to, contactName, link), null),
    staffSignInLink: (to, name, link) => queue('staff_sign_in_link', staffSignInLinkMail(to, name, link), null),
    clientMessage: (summary) => queue('client_message', clientMessageMail(options.teamEmail, summary), summary.claimId),
    claimFiledUnderEmail: (notice) => queue('claim_filed_under_email', claimFiledUnderEmailMail(notice), notice.claimId),
    intakeAcknowledgement: (notice) => queue('intake_acknowledgement', intakeAcknowledgementMail(notice), notice.claimId),
  };
};
