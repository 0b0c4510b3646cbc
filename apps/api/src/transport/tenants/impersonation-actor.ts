import type { ImpersonationContext } from './impersonation-procedure.ts';

/** How audit rows name an administrator acting as a tenant identity: `admin@x as op@y (operator)`. */
export const impersonationActor = (session: Pick<ImpersonationContext, 'adminEmail' | 'userEmail' | 'targetRole'>): string =>
  `${session.adminEmail} as ${session.userEmail ?? session.targetRole} (${session.targetRole})`;
