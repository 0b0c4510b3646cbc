import { claimsQueries, createClaimsClient } from '../shared/claims-client.ts';
import { clearStaffKey, readStaffKey } from './staff-key.ts';

export const staffHeaders = (): Record<string, string> => {
  const key = readStaffKey();

  return key ? { 'X-Staff-Key': key } : {};
};

/** A refused key is forgotten at once; the staff area then shows its sign-in form. */
export const handleStaffStatus = (status: number): void => {
  if (status === 403 && readStaffKey()) {
    clearStaffKey('rejected');
  }
};

export const staffClient = createClaimsClient({ headers: staffHeaders, onStatus: handleStaffStatus });

export const staffTrpc = claimsQueries(staffClient);
