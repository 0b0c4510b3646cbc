/**
 * Runs before anything else on page load: takes the sign-in token out of the address bar, so it
 * does not stay in history, get bookmarked or leak through copied links. It is kept for this tab
 * only until the person presses "Sign in".
 */
const KEY = 'switchyard.claims.pending-sign-in';
export const VERIFY_PATH = '/portal/verify';

if (window.location.pathname === VERIFY_PATH) {
  const params = new URLSearchParams(window.location.search);
  const token = params.get('token');
  if (token !== null) {
    params.delete('token');
    const rest = params.toString();
    window.history.replaceState(null, '', `${VERIFY_PATH}${rest ? `?${rest}` : ''}`);
    window.sessionStorage.setItem(KEY, token);
  }
}

export const peekPendingToken = (): string | null => window.sessionStorage.getItem(KEY);

export const takePendingToken = (): string | null => {
  const token = window.sessionStorage.getItem(KEY);
  window.sessionStorage.removeItem(KEY);

  return token;
};
