import type { ClaimsOutputs } from '../../shared/claims-client.ts';

export type StaffClaim = ClaimsOutputs['staff']['get'];
