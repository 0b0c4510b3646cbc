/** The numbers of the claims service's Limits table, in one place. */
export const LIMITS = {
  amountCentsMin: 1,
  amountCentsMax: 100_000_000,
  name: 200,
  description: 5000,
  noteContent: 10_000,
  address: 500,
  email: 254,
  phone: 50,
  clientReference: 100,
  reason: 1000,
  authorName: 200,
  uploadBytes: 20 * 1024 * 1024,
  documentsPerClaim: 50,
  magicLinkMinutes: 15,
  /** Changes of one claim within this many minutes of the first go to its client as one mail. */
  clientNoticeMinutes: 5,
  sessionDays: 7,
  /** A staff member's session: one working day. */
  staffSessionHours: 8,
  /** Expired or consumed sign-in tokens are deleted once their expiry is this old. */
  tokenCleanupHours: 24,
  staffListDefault: 50,
  staffListMax: 200,
  auditListDefault: 100,
  auditListMax: 500,
  /** Claims one bulk change may touch, named or matched by filters. */
  bulkChangeMax: 500,
} as const;

export type RateLimitRule = { name: string; max: number; windowSeconds: number };

export const RATE_LIMITS = {
  signInPerEmail: { name: 'auth-request-email', max: 3, windowSeconds: 15 * 60 },
  signInPerIp: { name: 'auth-request-ip', max: 10, windowSeconds: 60 * 60 },
  verifyPerIp: { name: 'auth-verify-ip', max: 10, windowSeconds: 15 * 60 },
  intakePerIp: { name: 'intake-ip', max: 20, windowSeconds: 60 * 60 },
  staffSignInPerEmail: { name: 'staff-auth-request-email', max: 3, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimitRule>;
