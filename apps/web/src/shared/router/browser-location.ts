/**
 * The address bar as a tiny store, so components re-render on navigation without a router
 * library. pushState does not fire popstate, hence the explicit notification.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

const notify = () => {
  for (const listener of listeners) {
    listener();
  }
};

window.addEventListener('popstate', notify);

export const subscribeToLocation = (listener: Listener): (() => void) => {
  listeners.add(listener);

  return () => listeners.delete(listener);
};

export const currentHref = (): string => `${window.location.pathname}${window.location.search}`;

export const navigate = (to: string, options: { replace?: boolean } = {}): void => {
  if (to === currentHref()) {
    return;
  }
  if (options.replace) {
    window.history.replaceState(null, '', to);
  } else {
    window.history.pushState(null, '', to);
    window.scrollTo(0, 0);
  }
  notify();
};
