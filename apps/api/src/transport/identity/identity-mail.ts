import { currentRequestId } from '../../http/request-context.ts';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { enqueueMail } from '@switchyard/db/mail-outbox';
import { LINK_PAGES, LINK_SECONDS, type LinkKind } from '@switchyard/domain/transport/identity/account-links';

/** The outbox source of the built-in provider's mails; the transport service runs its worker. */
export const IDENTITY_MAIL_SOURCE = 'transport-identity';

/**
 * The token rides in the fragment, not the query: a fragment is never sent to a server, so it
 * stays out of access logs and Referer headers. The page reads it and drops it from the address bar.
 */
export const linkUrl = (publicUrl: string, kind: LinkKind, token: string): string =>
  `${publicUrl}${LINK_PAGES[kind]}#${new URLSearchParams({ token_hash: token, type: kind }).toString()}`;

const hours = (kind: LinkKind): string => {
  const count = LINK_SECONDS[kind] / 3600;

  return count === 1 ? 'one hour' : `${count} hours`;
};

const MAILS: Record<LinkKind, (link: string, data: Record<string, unknown>) => { subject: string; lines: string[] }> = {
  recovery: (link) => ({
    subject: 'Set a new password for school transport',
    lines: [
      'Someone asked to set a new password for the school transport account of this email address.',
      '',
      `Set a new password: ${link}`,
      '',
      `The link works once, within ${hours('recovery')}. If you did not ask for it, ignore this mail: your password stays as it is.`,
    ],
  }),
  email_change: (link) => ({
    subject: 'Confirm your new email address for school transport',
    lines: [
      'Someone asked to use this email address for a school transport account.',
      '',
      `Confirm this address: ${link}`,
      '',
      `The link works once, within ${hours('email_change')}. Until it is used the account keeps its old address. If you did not ask for it, ignore this mail.`,
    ],
  }),
  invite: (link, data) => ({
    subject: 'You are invited to the school transport operator console',
    lines: [
      typeof data.tenant_name === 'string'
        ? `You are invited to run school transport for ${data.tenant_name}.`
        : 'You are invited to the school transport operator console.',
      '',
      `Choose your password and sign in: ${link}`,
      '',
      `The link works once, within ${hours('invite')}. If you did not expect this invitation, ignore this mail.`,
    ],
  }),
};

/** Writes the link's mail to the durable outbox; the worker sends it after the answer. */
export const enqueueLinkMail = async (
  em: SqlEntityManager,
  mail: { kind: LinkKind; to: string; link: string; data?: Record<string, unknown>; userId: string; now: Date },
): Promise<void> => {
  const { subject, lines } = MAILS[mail.kind](mail.link, mail.data ?? {});
  await enqueueMail(em, {
    source: IDENTITY_MAIL_SOURCE,
    kind: mail.kind,
    reference: mail.userId,
    recipient: mail.to,
    subject,
    body: lines.join('\n'),
    now: mail.now,
    requestId: currentRequestId(),
  });
};

/**
 * GoTrue's secure email change tells the old address too: the change is not made yet, and an
 * owner who did not ask for it knows their session is in someone else's hands.
 */
export const enqueueEmailChangeNotice = async (
  em: SqlEntityManager,
  notice: { to: string; newEmail: string; userId: string; now: Date },
): Promise<void> => {
  const lines = [
    `Someone signed in to the school transport account of this email address asked to change its address to ${notice.newEmail}.`,
    '',
    'Nothing has changed yet: the new address must be confirmed with the link mailed to it.',
    'If you did not ask for this, sign in, set a new password, and sign out every other session.',
  ];
  await enqueueMail(em, {
    source: IDENTITY_MAIL_SOURCE,
    kind: 'email_change_notice',
    reference: notice.userId,
    recipient: notice.to,
    subject: 'A change of the email address of your school transport account was asked for',
    body: lines.join('\n'),
    now: notice.now,
  });
};
