/**
 * As the portal's verify page does: the staff sign-in token leaves the address bar at once and
 * waits in this tab until the person presses "Sign in".
 */
const KEY = 'switchyard.claims.pending-staff-sign-in';
export const STAFF_VERIFY_PATH = '/staff/verify';

if (window.location.pathname === STAFF_VERIFY_PATH) {
  const params = new URLSearchParams(window.location.search);
  const token = params.get('token');
  if (token !== null) {
    params.delete('token');
    const rest = params.toString();
    window.history.replaceState(null, '', `${STAFF_VERIFY_PATH}${rest ? `?${rest}` : ''}`);
    window.sessionStorage.setItem(KEY, token);
  }
}

export const peekPendingStaffToken = (): string | null => window.sessionStorage.getItem(KEY);

export const takePendingStaffToken = (): string | null => {
  const token = window.sessionStorage.getItem(KEY);
  window.sessionStorage.removeItem(KEY);

  return token;
};
