import { useSyncExternalStore } from 'react';
import { forgetCachedData } from '../../shared/query/query-client.ts';

/**
 * The staff credential: the shared staff key, or a named member's 8-hour session token. Either
 * lives in sessionStorage only: it is gone when the browser session ends and never shared with
 * other tabs' storage beyond this one.
 */
const KEY = 'switchyard.claims.staff-key';
const SESSION = 'switchyard.claims.staff-session';
const listeners = new Set<() => void>();
let wasRejected = false;

const notify = () => {
  forgetCachedData();
  for (const listener of listeners) {
    listener();
  }
};

export type StaffCredential = { kind: 'key'; value: string } | { kind: 'session'; value: string };

export const readStaffKey = (): string | null => window.sessionStorage.getItem(KEY);

export const readStaffCredential = (): StaffCredential | null => {
  const key = window.sessionStorage.getItem(KEY);
  if (key) {
    return { kind: 'key', value: key };
  }
  const session = window.sessionStorage.getItem(SESSION);

  return session ? { kind: 'session', value: session } : null;
};

export const saveStaffKey = (key: string): void => {
  window.sessionStorage.removeItem(SESSION);
  window.sessionStorage.setItem(KEY, key);
  wasRejected = false;
  notify();
};

export const saveStaffSession = (token: string): void => {
  window.sessionStorage.removeItem(KEY);
  window.sessionStorage.setItem(SESSION, token);
  wasRejected = false;
  notify();
};

/** `rejected`: the server refused the credential mid-session, which the sign-in form then says. */
export const clearStaffKey = (reason: 'signed-out' | 'rejected'): void => {
  window.sessionStorage.removeItem(KEY);
  window.sessionStorage.removeItem(SESSION);
  wasRejected = reason === 'rejected';
  notify();
};

export const wasStaffKeyRejected = (): boolean => wasRejected;

/** The stored credential's value (a string, so the snapshot is stable for React). */
const credentialSnapshot = (): string | null => readStaffKey() ?? window.sessionStorage.getItem(SESSION);

export const useStaffKey = (): string | null =>
  useSyncExternalStore((listener) => {
    listeners.add(listener);

    return () => listeners.delete(listener);
  }, credentialSnapshot);
