/** GoTrue's `amr` methods of a session that a mailed link gave, rather than a sign-in. */
const LINK_METHODS = new Set(['recovery', 'invite', 'magiclink', 'otp']);

const claimsOf = (token: string): Record<string, unknown> | null => {
  const payload = token.split('.')[1];
  if (token.split('.').length !== 3 || !payload) {
    return null;
  }
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));

    return claims !== null && typeof claims === 'object' && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/**
 * Whether an outside GoTrue's access token (a JWT) was given by a mailed reset, invitation or
 * magic link: its `amr` claim names such a method. Read without checking the signature, which is
 * the provider's job: a forged token claiming a link fails there when the password is set with
 * it. Anything else (a password sign-in, a refresh, a token that is no JWT) is a plain session.
 */
export const isLinkSessionToken = (token: string): boolean => {
  const amr = claimsOf(token)?.amr;

  return (
    Array.isArray(amr) &&
    amr.some(
      (entry: unknown) => typeof entry === 'object' && entry !== null && LINK_METHODS.has(String((entry as { method?: unknown }).method)),
    )
  );
};
