import { describe, expect, it } from 'vitest';
import { isLinkSessionToken } from './link-session.ts';

const jwt = (claims: unknown) =>
  `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.signature`;

describe('isLinkSessionToken', () => {
  it('is true for a GoTrue session a reset, invitation, magic link or one-time code gave', () => {
    for (const method of ['recovery', 'invite', 'magiclink', 'otp']) {
      expect(isLinkSessionToken(jwt({ sub: 'u', amr: [{ method, timestamp: 1 }] }))).toBe(true);
    }
  });

  it('is false for a password sign-in, a refresh, a token without amr and anything that is no JWT', () => {
    expect(isLinkSessionToken(jwt({ amr: [{ method: 'password', timestamp: 1 }] }))).toBe(false);
    expect(isLinkSessionToken(jwt({ amr: [{ method: 'token_refresh' }] }))).toBe(false);
    expect(isLinkSessionToken(jwt({ sub: 'u' }))).toBe(false);
    expect(isLinkSessionToken(jwt({ amr: 'recovery' }))).toBe(false);
    expect(isLinkSessionToken(jwt(['recovery']))).toBe(false);
    expect(isLinkSessionToken('opaque-token')).toBe(false);
    expect(isLinkSessionToken('a.%%%.c')).toBe(false);
    expect(isLinkSessionToken('a.b.c.d')).toBe(false);
  });
});
