export type SignInNotice = 'session-ended' | 'signed-out' | 'account-created';

export const transportPaths = {
  welcome: '/',
  signIn: (notice?: SignInNotice) => (notice ? `/sign-in?notice=${notice}` : '/sign-in'),
  createAccount: '/create-account',
  forgotPassword: '/forgot-password',
  /** The pages mailed links open (LINK_PAGES in the domain); the token rides in the fragment. */
  resetPassword: '/reset-password',
  acceptInvite: '/accept-invite',
  confirmEmail: '/confirm-email',
  family: '/family',
  familyRegister: '/family/register',
  operator: '/operator',
  registrations: '/operator/registrations',
  registration: (id: string) => `/operator/registrations/${encodeURIComponent(id)}`,
  invoices: '/operator/invoices',
  invoice: (id: string) => `/operator/invoices/${encodeURIComponent(id)}`,
  operatorAudit: '/operator/audit',
  staff: '/operator/staff',
  routes: '/operator/routes',
  newRoute: '/operator/routes/new',
  route: (id: string) => `/operator/routes/${encodeURIComponent(id)}`,
  buses: '/operator/buses',
  dispatch: '/operator/live',
  schools: '/operator/schools',
  billing: '/operator/billing',
  operatorSettings: '/operator/settings',
  household: (id: string) => `/operator/billing/households/${encodeURIComponent(id)}`,
  admin: '/admin',
  auditLog: (tenant?: string) => (tenant ? `/admin/logs?tenant=${encodeURIComponent(tenant)}` : '/admin/logs'),
  acting: '/admin/acting',
} as const;

/** The token of an invoice pay page (`/pay/<token>`, the link invoice mails carry), or null. */
export const payTokenOf = (pathname: string): string | null => /^\/pay\/([A-Za-z0-9_-]+)\/?$/.exec(pathname)?.[1] ?? null;

/** Where each role starts after signing in. */
export const homeForRole = (role: string | null): string => {
  if (role === 'admin' || role === 'platform_admin') {
    return transportPaths.admin;
  }
  if (role === 'operator') {
    return transportPaths.operator;
  }

  return transportPaths.family;
};
