import { digestOpaqueToken, newOpaqueToken } from '@switchyard/domain/transport/tenants/impersonation';
import { linkExpiry, type LinkKind } from '@switchyard/domain/transport/identity/account-links';
import { replaceIdentityLink } from '@switchyard/db/transport/identity/identity-links';
import type { IdentityUserRow } from '@switchyard/db/transport/identity/identity-users';
import { enqueueLinkMail, linkUrl } from '../identity-mail.ts';
import type { Provider } from './provider-call.ts';

/**
 * Stores a new one-time link for the user and puts its mail in the outbox: to the account's
 * address, or for an email change to the new address it confirms.
 */
export const mailLink = async (
  provider: Provider,
  user: IdentityUserRow,
  kind: LinkKind,
  extra: { data?: Record<string, unknown>; to?: string; newEmail?: string } = {},
): Promise<void> => {
  const token = newOpaqueToken();
  const now = provider.now();
  await replaceIdentityLink(provider.em, {
    hash: digestOpaqueToken(token),
    userId: user.id,
    kind,
    expiresAt: linkExpiry(kind, now),
    at: now,
    ...(extra.newEmail === undefined ? {} : { newEmail: extra.newEmail }),
  });
  await enqueueLinkMail(provider.em, {
    kind,
    to: extra.to ?? user.email,
    link: linkUrl(provider.publicUrl, kind, token),
    ...(extra.data ? { data: extra.data } : {}),
    userId: user.id,
    now,
  });
  provider.wakeMail();
};
