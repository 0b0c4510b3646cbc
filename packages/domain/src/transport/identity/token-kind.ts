/** The tokens the built-in provider issues: the short-lived access token and the refresh token that renews it. */
export const TOKEN_KINDS = ['access', 'refresh'] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];
