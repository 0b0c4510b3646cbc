import type { Logger } from '../../logger.ts';
import type { MailTransport } from '../../mail/mail-transport.ts';
import {
  claimFiledUnderEmailMail,
  clientMessageMail,
  intakeSummaryMail,
  signInLinkMail,
  type ClaimFiledUnderEmail,
  type ClientMessageSummary,
  type IntakeSummary,
} from './templates.ts';

export type ClaimsMailer = {
  intakeSummary(summary: IntakeSummary): void;
  signInLink(to: string, contactName: string, link: string): void;
  clientMessage(summary: ClientMessageSummary): void;
  claimFiledUnderEmail(notice: ClaimFiledUnderEmail): void;
  /** Waits for mails still being sent, so a shutdown does not drop them. */
  drain(): Promise<void>;
};

export type MailFailureRecorder = (claimId: string, cause: string) => Promise<void>;

/**
 * Mail is best-effort: it is sent after the request has been answered, and a failure is logged
 * and, for mail about a claim, recorded in that claim's audit trail so staff can follow up.
 */
export const createClaimsMailer = (options: {
  transport: MailTransport;
  teamEmail: string;
  logger: Logger;
  recordFailure: MailFailureRecorder;
}): ClaimsMailer => {
  const pending = new Set<Promise<void>>();

  const dispatch = (kind: string, mail: Parameters<MailTransport['send']>[0], claimId: string | null) => {
    const sending = options.transport
      .send(mail)
      .catch(async (error: unknown) => {
        const cause = error instanceof Error ? error.message : String(error);
        options.logger.warn({ kind, claimId, cause }, 'mail could not be sent');
        if (claimId) {
          await options.recordFailure(claimId, cause).catch((auditError: unknown) => {
            options.logger.error({ err: auditError, claimId }, 'mail failure could not be audited');
          });
        }
      })
      .finally(() => pending.delete(sending));
    pending.add(sending);
  };

  return {
    intakeSummary: (summary) => dispatch('intake_summary', intakeSummaryMail(options.teamEmail, summary), summary.claimId),
    signInLink: (to, contactName, link) => dispatch('sign_in_link', signInLinkMail(to, contactName, link), null),
    clientMessage: (summary) => dispatch('client_message', clientMessageMail(options.teamEmail, summary), summary.claimId),
    claimFiledUnderEmail: (notice) => dispatch('claim_filed_under_email', claimFiledUnderEmailMail(notice), notice.claimId),
    drain: async () => {
      await Promise.allSettled([...pending]);
    },
  };
};
