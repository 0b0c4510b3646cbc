/** The development-only GraphiQL page is one HTML file with inline script and styles; the service's usual policy would block it. */
export const GRAPHIQL_CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; worker-src 'self' blob:";
