/**
 * The link of a sign-in email: the portal's verify page under `PORTAL_URL`. The portal may be
 * served under a path of its own (behind a proxy), so the page is appended to that path rather
 * than resolved against the origin; a trailing slash or none gives the same link.
 */
export const signInLink = (portalUrl: string, rawToken: string): string => {
  const link = new URL(portalUrl);
  link.pathname = `${link.pathname.replace(/\/+$/, '')}/portal/verify`;
  // The token is the only thing the verify page reads; nothing of the base may ride along.
  link.search = '';
  link.hash = '';
  link.searchParams.set('token', rawToken);

  return link.toString();
};
