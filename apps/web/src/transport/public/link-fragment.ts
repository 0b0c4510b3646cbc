export type MailedLink =
  | { kind: 'token'; token_hash: string }
  | { kind: 'session'; access_token: string }
  | { kind: 'error'; message: string }
  | { kind: 'missing' };

/**
 * What a mailed link brought in the address's fragment: the built-in provider's `token_hash`, the
 * session an outside GoTrue puts there (`access_token`), or GoTrue's `error_description` when the
 * link had already expired on its side. Read once, then removed from the address bar, so the
 * token is not left in the history or shown over a shoulder.
 */
export const takeMailedLink = (): MailedLink => {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  if (window.location.hash) {
    window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);
  }
  const tokenHash = params.get('token_hash');
  if (tokenHash) {
    return { kind: 'token', token_hash: tokenHash };
  }
  const accessToken = params.get('access_token');
  if (accessToken) {
    return { kind: 'session', access_token: accessToken };
  }
  const error = params.get('error_description');
  if (error) {
    return { kind: 'error', message: error.replace(/\+/g, ' ') };
  }

  return { kind: 'missing' };
};
