import { operatorChoice, type OperatorChoice } from './operator-choice.ts';
import { transportSession, type TransportSession } from './transport-session.ts';

/** The signed-in user's own tenant, else the operator the family picked; the server decides the same way. */
export const tenantFor = (session: TransportSession | null, choice: OperatorChoice | null): string | null =>
  session?.user.tenant_id ?? choice?.slug ?? null;

export const useKnownTenant = (): string | null => tenantFor(transportSession.use(), operatorChoice.use());
