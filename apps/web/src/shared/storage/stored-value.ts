import { useSyncExternalStore } from 'react';

/**
 * A JSON value in localStorage or sessionStorage that components can watch. The raw string is
 * the snapshot, so React sees a change only when the stored text changes.
 */
export const createStoredValue = <T>(storage: () => Storage, key: string, isValid: (value: unknown) => value is T) => {
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) {
      listener();
    }
  };
  const raw = (): string | null => storage().getItem(key);
  const parse = (text: string | null): T | null => {
    try {
      const value: unknown = JSON.parse(text ?? 'null');

      return isValid(value) ? value : null;
    } catch {
      return null;
    }
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);

    return () => listeners.delete(listener);
  };

  return {
    read: (): T | null => parse(raw()),
    save: (value: T): void => {
      storage().setItem(key, JSON.stringify(value));
      notify();
    },
    clear: (): void => {
      storage().removeItem(key);
      notify();
    },
    use: (): T | null => parse(useSyncExternalStore(subscribe, raw)),
    /** Runs `listener` after every save and clear in this tab. */
    subscribe,
  };
};
