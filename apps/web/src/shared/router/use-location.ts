import { useSyncExternalStore } from 'react';
import { currentHref, subscribeToLocation } from './browser-location.ts';

export type AppLocation = { pathname: string; searchParams: URLSearchParams };

export const useLocation = (): AppLocation => {
  const href = useSyncExternalStore(subscribeToLocation, currentHref);
  const url = new URL(href, window.location.origin);

  return { pathname: url.pathname, searchParams: url.searchParams };
};
