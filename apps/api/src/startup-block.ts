import type { Env } from './env.ts';

export type StartedAddresses = { claims: string; transport: string; webhooks: string | null };

/** A URL with nothing secret in it: an SMTP URL's user and password are left out. */
const withoutCredentials = (url: string): string => {
  try {
    const parsed = new URL(url);

    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return 'the configured SMTP server';
  }
};

/**
 * The plain block that ends start-up: where to open what, the staff key and where mail goes. It is
 * written to the terminal as text, not as a log line, for a person to read and click.
 */
export const startupBlock = (env: Env, addresses: StartedAddresses, staffKey: string): string => {
  const rows: [string, string][] = [
    ['Claim intake', `${addresses.claims}/`],
    ['Client portal', `${addresses.claims}/portal`],
    ['Staff console', `${addresses.claims}/staff`],
    ['Transport app', `${addresses.transport}/`],
  ];
  if (env.NODE_ENV === 'development') {
    rows.push(['GraphiQL', `${addresses.claims}/graphql (claims), ${addresses.transport}/graphql (transport)`]);
  }
  rows.push(['API documents', `${addresses.claims}/api/openapi.json, ${addresses.transport}/api/openapi.json`]);
  if (addresses.webhooks) {
    rows.push(['Webhook receiver', addresses.webhooks]);
  }
  rows.push(['Staff key', env.STAFF_KEY ? '(as set in STAFF_KEY)' : `${staffKey}   (kept in ${env.DATA_DIR}/staff-key)`]);
  rows.push(['Mail', env.SMTP_URL ? `sent through ${withoutCredentials(env.SMTP_URL)}` : `written as .eml files to ${env.MAIL_DIR}`]);
  const width = Math.max(...rows.map(([label]) => label.length)) + 3;

  return ['', `switchyard is running (${env.NODE_ENV})`, '', ...rows.map(([label, value]) => `  ${label.padEnd(width)}${value}`), '', ''].join('\n');
};
