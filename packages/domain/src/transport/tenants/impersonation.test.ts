import { describe, expect, it } from 'vitest';
import { digestOpaqueToken, impersonationBanner, impersonationExpiry, newOpaqueToken } from './impersonation.ts';

describe('impersonation tokens', () => {
  it('are 32 random bytes in URL-safe base64 and differ each time', () => {
    const token = newOpaqueToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(newOpaqueToken()).not.toBe(token);
  });

  it('are stored as a SHA-256 hex digest, never as themselves', () => {
    expect(digestOpaqueToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('expire 15 minutes after they start', () => {
    expect(impersonationExpiry(new Date('2026-01-05T10:00:00Z')).toISOString()).toBe('2026-01-05T10:15:00.000Z');
  });

  it('name the identity in the banner, or the role when no user was chosen', () => {
    const expiresAt = new Date('2026-01-05T10:15:00Z');
    expect(impersonationBanner({ tenantId: 'demo', userEmail: 'op@demo.test', targetRole: 'operator', expiresAt })).toContain(
      'op@demo.test',
    );
    expect(impersonationBanner({ tenantId: 'demo', userEmail: null, targetRole: 'operator', expiresAt })).toBe(
      'Acting as operator (operator) in tenant demo until 2026-01-05T10:15:00.000Z',
    );
  });
});
