import { useEffect, useSyncExternalStore } from 'react';
import { queryClient } from '../../../shared/query/query-client.ts';
import { transportTrpc } from '../transport-client.ts';

/** An operator's name and theme as `tenants.getTheme` answers them. */
export type OperatorTheme = { name: string; theme: Record<string, unknown> };

const STORAGE_KEY = 'switchyard.transport.themes';

const isTheme = (value: unknown): value is OperatorTheme =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as OperatorTheme).name === 'string' &&
  typeof (value as OperatorTheme).theme === 'object' &&
  (value as OperatorTheme).theme !== null;

/** Themes seen in this tab survive a reload, so the page does not flash the app's own colours first. */
const readStored = (): Record<string, OperatorTheme> => {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}');

    return typeof stored === 'object' && stored !== null
      ? Object.fromEntries(Object.entries(stored).filter((entry): entry is [string, OperatorTheme] => isTheme(entry[1])))
      : {};
  } catch {
    return {};
  }
};

let known: Readonly<Record<string, OperatorTheme>> | null = null;
const snapshot = (): Readonly<Record<string, OperatorTheme>> => (known ??= readStored());
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);

  return () => listeners.delete(listener);
};
// Asked once per page load, so a changed theme shows after the next reload at the latest.
const asked = new Set<string>();

export const rememberOperatorTheme = (slug: string, value: OperatorTheme): void => {
  known = { ...snapshot(), [slug]: value };
  asked.add(slug);
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(known));
  } catch {
    // Storage full or refused: the theme still applies until the page is left.
  }
  for (const listener of listeners) {
    listener();
  }
};

const ask = (slug: string): void => {
  if (asked.has(slug)) {
    return;
  }
  asked.add(slug);
  queryClient.fetchQuery(transportTrpc.tenants.getTheme.queryOptions({ slug })).then(
    (answer) => rememberOperatorTheme(slug, { name: answer.name, theme: answer.theme }),
    // An unknown operator or a failed call leaves the app's own colours; the next page asks again.
    () => asked.delete(slug),
  );
};

/** The operator's theme, once known; null while loading, for no operator, or when it cannot be had. */
export const useOperatorTheme = (slug: string | null): OperatorTheme | null => {
  const themes = useSyncExternalStore(subscribe, snapshot);
  useEffect(() => {
    if (slug) {
      ask(slug);
    }
  }, [slug]);

  return slug ? (themes[slug] ?? null) : null;
};
