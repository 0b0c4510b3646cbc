import { claimsQueries, createClaimsClient } from '../shared/claims-client.ts';
import { clearStaffKey, readStaffCredential } from './staff-key.ts';

export const staffHeaders = (): Record<string, string> => {
  const credential = readStaffCredential();
  if (!credential) {
    return {};
  }

  return credential.kind === 'key' ? { 'X-Staff-Key': credential.value } : { Authorization: `Bearer ${credential.value}` };
};

/** A refused credential (a wrong key, an ended or deactivated session) is forgotten at once; the sign-in form shows. */
export const handleStaffStatus = (status: number): void => {
  if (status === 403 && readStaffCredential()) {
    clearStaffKey('rejected');
  }
};

export const staffClient = createClaimsClient({ headers: staffHeaders, onStatus: handleStaffStatus });

export const staffTrpc = claimsQueries(staffClient);
