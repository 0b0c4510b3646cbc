import { useSyncExternalStore } from 'react';
import { forgetCachedData } from '../../shared/query/query-client.ts';

/**
 * The shared staff key lives in sessionStorage only: it is gone when the browser session ends
 * and never shared with other tabs' storage beyond this one.
 */
const KEY = 'switchyard.claims.staff-key';
const listeners = new Set<() => void>();
let wasRejected = false;

const notify = () => {
  forgetCachedData();
  for (const listener of listeners) {
    listener();
  }
};

export const readStaffKey = (): string | null => window.sessionStorage.getItem(KEY);

export const saveStaffKey = (key: string): void => {
  window.sessionStorage.setItem(KEY, key);
  wasRejected = false;
  notify();
};

/** `rejected`: the server refused the key mid-session, which the sign-in form then says. */
export const clearStaffKey = (reason: 'signed-out' | 'rejected'): void => {
  window.sessionStorage.removeItem(KEY);
  wasRejected = reason === 'rejected';
  notify();
};

export const wasStaffKeyRejected = (): boolean => wasRejected;

export const useStaffKey = (): string | null =>
  useSyncExternalStore((listener) => {
    listeners.add(listener);

    return () => listeners.delete(listener);
  }, readStaffKey);
