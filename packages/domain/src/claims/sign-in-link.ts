/**
 * Links in mail point into the web app under `PORTAL_URL`. The app may be served under a path of
 * its own (behind a proxy), so a page is appended to that path rather than resolved against the
 * origin; a trailing slash or none gives the same link. Nothing of the base's query or fragment
 * rides along.
 */
export const pageLink = (portalUrl: string, page: string, query: Record<string, string> = {}): string => {
  const link = new URL(portalUrl);
  link.pathname = `${link.pathname.replace(/\/+$/, '')}${page}`;
  link.search = '';
  link.hash = '';
  for (const [name, value] of Object.entries(query)) {
    link.searchParams.set(name, value);
  }

  return link.toString();
};

/** The link of a sign-in email: the portal's verify page, carrying the token and nothing else. */
export const signInLink = (portalUrl: string, rawToken: string): string => pageLink(portalUrl, '/portal/verify', { token: rawToken });

/** The portal's sign-in page with the email filled in: a way back in that does not expire. */
export const portalSignInPageLink = (portalUrl: string, email: string): string => pageLink(portalUrl, '/portal/sign-in', { email });

/** A claim in the client portal. */
export const portalClaimLink = (portalUrl: string, claimNumber: string): string =>
  pageLink(portalUrl, `/portal/claims/${encodeURIComponent(claimNumber)}`);

/** A claim in the staff console. */
export const staffClaimLink = (portalUrl: string, claimNumber: string): string =>
  pageLink(portalUrl, `/staff/claims/${encodeURIComponent(claimNumber)}`);

/** The link of a staff member's sign-in email: the staff console's verify page. */
export const staffSignInLink = (portalUrl: string, rawToken: string): string => pageLink(portalUrl, '/staff/verify', { token: rawToken });
