import { createHash, timingSafeEqual } from 'node:crypto';

/** Only this digest of a sign-in or session token is ever stored or compared. */
export const hashToken = (raw: string): string => createHash('sha256').update(raw, 'utf8').digest('hex');

/**
 * Constant-time comparison of a presented secret with the configured one. Both sides are hashed
 * first so the comparison always runs over equal lengths and leaks neither content nor length.
 */
export const secretsMatch = (presented: string, expected: string): boolean => {
  const a = createHash('sha256').update(presented, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();

  return timingSafeEqual(a, b);
};
