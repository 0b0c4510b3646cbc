import type { Env } from './env.ts';

/** Where the services that chose their address at start listen (the receiver only when enabled). */
export type StartedAddresses = { webhooks: string | null };

/** A URL with nothing secret in it: an SMTP URL's user and password are left out. */
const withoutCredentials = (url: string): string => {
  try {
    const parsed = new URL(url);

    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return 'the configured SMTP server';
  }
};

/** How a person gets into the transport web app as a platform administrator on this installation. */
const transportSignIn = (env: Env): string => {
  if (env.IDENTITY_URL) {
    return `sign in with a platform_admin of the identity provider at ${env.IDENTITY_URL}`;
  }
  if (env.BOOTSTRAP_ADMIN_EMAIL) {
    return `sign in as ${env.BOOTSTRAP_ADMIN_EMAIL} (BOOTSTRAP_ADMIN_EMAIL) with BOOTSTRAP_ADMIN_PASSWORD`;
  }

  return 'add an administrator first: npx switchyard user add --email you@example.com --password <password> --role platform_admin';
};

/**
 * The plain block that ends start-up: where to open what, the staff key and where mail goes. It is
 * written to the terminal as text, not as a log line, for a person to read and click. The pages are
 * named at PORTAL_URL and TRANSPORT_PUBLIC_URL, the addresses the mailed links use, so what the
 * block says and what a mail links to are the same host; the listen addresses are in the log.
 */
export const startupBlock = (env: Env, addresses: StartedAddresses, staffKey: string): string => {
  const claims = env.PORTAL_URL.replace(/\/+$/, '');
  const transport = env.TRANSPORT_PUBLIC_URL;
  const rows: [string, string][] = [
    ['Claim intake', `${claims}/`],
    ['Client portal', `${claims}/portal`],
    ['Staff console', `${claims}/staff`],
    ['Transport app', `${transport}/`],
    ['Transport sign-in', transportSignIn(env)],
  ];
  if (env.NODE_ENV === 'development') {
    rows.push(['GraphiQL', `${claims}/graphql (claims), ${transport}/graphql (transport)`]);
  }
  rows.push(['API reference', `${claims}/api/docs, ${transport}/api/docs`]);
  rows.push(['API documents', `${claims}/api/openapi.json, ${transport}/api/openapi.json`]);
  if (addresses.webhooks) {
    rows.push(['Webhook receiver', addresses.webhooks]);
  }
  rows.push(['Staff key', env.STAFF_KEY ? '(as set in STAFF_KEY)' : `${staffKey}   (kept in ${env.DATA_DIR}/staff-key)`]);
  rows.push(['Mail', env.SMTP_URL ? `sent through ${withoutCredentials(env.SMTP_URL)}` : `written as .eml files to ${env.MAIL_DIR}`]);
  const width = Math.max(...rows.map(([label]) => label.length)) + 3;

  return [
    '',
    `switchyard is running (${env.NODE_ENV})`,
    '',
    ...rows.map(([label, value]) => `  ${label.padEnd(width)}${value}`),
    '',
    '',
  ].join('\n');
};
