import { z } from 'zod';
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH } from './credentials.ts';

/**
 * One-time links mailed by the identity provider. A password-reset link is short-lived (one hour):
 * it stands in for the password of an account that already holds data. An invitation waits a day,
 * GoTrue's default mail link lifetime, because the invitee may read it the next morning.
 */
export const LINK_SECONDS = { recovery: 60 * 60, invite: 24 * 60 * 60, email_change: 24 * 60 * 60 } as const;
export type LinkKind = keyof typeof LINK_SECONDS;
export const LINK_KINDS = Object.keys(LINK_SECONDS) as LinkKind[];
export const isLinkKind = (value: string): value is LinkKind => Object.hasOwn(LINK_SECONDS, value);

/** The links whose use lets the person choose a password: a reset and an invitation. */
export const PASSWORD_LINK_KINDS = ['recovery', 'invite'] as const;
export type PasswordLinkKind = (typeof PASSWORD_LINK_KINDS)[number];

/** The web app's pages a mailed link opens (the provider appends `#token_hash=...&type=...`). */
export const LINK_PAGES: Record<LinkKind, string> = {
  recovery: '/reset-password',
  invite: '/accept-invite',
  email_change: '/confirm-email',
};

export const linkExpiry = (kind: LinkKind, now: Date): Date => new Date(now.getTime() + LINK_SECONDS[kind] * 1000);

const email = z.string().trim().min(1, 'email is required').max(MAX_EMAIL_LENGTH);

export const recoverInput = z.strictObject({ email });

/**
 * Setting a password from a mailed link. The built-in provider's links (and GoTrue's with a
 * `token_hash` template) carry `token_hash`; GoTrue's default links come back with a session in
 * the address's fragment, `access_token`. Exactly one of them. A session that no link gave (a
 * plain sign-in) must also give `current_password`.
 */
export const setPasswordInput = z
  .strictObject({
    type: z.enum(PASSWORD_LINK_KINDS),
    token_hash: z.string().trim().min(1).max(512).optional(),
    access_token: z.string().trim().min(1).max(4096).optional(),
    password: z.string().min(1, 'password is required').max(MAX_PASSWORD_LENGTH),
    current_password: z.string().min(1, 'current_password must not be empty').max(MAX_PASSWORD_LENGTH).optional(),
  })
  .refine((input) => (input.token_hash === undefined) !== (input.access_token === undefined), {
    message: 'Give either token_hash or access_token from the link',
    path: ['token_hash'],
  });

export type SetPasswordInput = z.infer<typeof setPasswordInput>;

/** Confirming a new email address with the link mailed to it. */
export const confirmEmailInput = z.strictObject({ token_hash: z.string().trim().min(1).max(512) });
