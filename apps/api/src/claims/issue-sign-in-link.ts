import { randomBytes } from 'node:crypto';
import { LIMITS } from '@switchyard/domain/claims/limits';
import { signInLink } from '@switchyard/domain/claims/sign-in-link';
import { hashToken } from '@switchyard/domain/claims/tokens';
import { storeMagicLink } from '@switchyard/db/claims/sign-in';
import type { ClaimsContext } from './context.ts';

/** Stores a fresh single-use sign-in token for the client (only its hash) and returns the link that carries it. */
export const issueSignInLink = async (ctx: ClaimsContext, clientId: string): Promise<string> => {
  const rawToken = randomBytes(32).toString('base64url');
  const now = ctx.now();
  await storeMagicLink(ctx.em, {
    clientId,
    tokenHash: hashToken(rawToken),
    expiresAt: new Date(now.getTime() + LIMITS.magicLinkMinutes * 60_000),
    requestedIp: ctx.ip,
    now,
  });

  return signInLink(ctx.env.PORTAL_URL, rawToken);
};
