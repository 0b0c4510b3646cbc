export const portalPaths = {
  claims: '/portal',
  claim: (claimNumber: string) => `/portal/claims/${encodeURIComponent(claimNumber)}`,
  signIn: (notice?: 'session-ended' | 'link-invalid' | 'signed-out') => `/portal/sign-in${notice ? `?notice=${notice}` : ''}`,
  verify: '/portal/verify',
} as const;
