export const staffPaths = {
  claims: '/staff',
  claim: (claimNumber: string) => `/staff/claims/${encodeURIComponent(claimNumber)}`,
  stats: '/staff/stats',
  members: '/staff/members',
} as const;
