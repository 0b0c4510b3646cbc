import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.ts';

const envWith = (values: Record<string, string>) => parseEnv({ NODE_ENV: 'test', DATA_DIR: '/tmp', ...values });

const problemsOf = (values: Record<string, string>): string[] => {
  try {
    envWith(values);
  } catch (error) {
    if (error instanceof EnvError) {
      return error.message.split('\n');
    }
    throw error;
  }

  return [];
};

describe('PORTAL_URL', () => {
  it('defaults to localhost on CLAIMS_PORT, so mailed links reach a service moved to another port', () => {
    expect(envWith({}).PORTAL_URL).toBe('http://localhost:3001');
    expect(envWith({ CLAIMS_PORT: '4001' }).PORTAL_URL).toBe('http://localhost:4001');
    expect(envWith({ CLAIMS_PORT: '4001', PORTAL_URL: 'https://claims.example.com/portal-app' }).PORTAL_URL).toBe('https://claims.example.com/portal-app');
  });

  it('refuses a value that is not a URL', () => {
    expect(problemsOf({ PORTAL_URL: 'claims.example.com' })).toEqual([expect.stringMatching(/^invalid configuration: PORTAL_URL: /)]);
  });
});

describe('ports', () => {
  it('refuses two services on one port, one line per pair', () => {
    expect(problemsOf({ CLAIMS_PORT: '4001', TRANSPORT_PORT: '4001', WEBHOOK_PORT: '4001' })).toEqual([
      'invalid configuration: CLAIMS_PORT and TRANSPORT_PORT: both are port 4001; each service needs its own',
      'invalid configuration: CLAIMS_PORT and WEBHOOK_PORT: both are port 4001; each service needs its own',
    ]);
  });

  it('lets any number of services take 0 (any free port)', () => {
    expect(problemsOf({ CLAIMS_PORT: '0', TRANSPORT_PORT: '0', WEBHOOK_PORT: '0' })).toEqual([]);
  });
});

describe('BOOTSTRAP_ADMIN_EMAIL and BOOTSTRAP_ADMIN_PASSWORD', () => {
  it('are checked as `switchyard user add` checks them', () => {
    expect(problemsOf({ BOOTSTRAP_ADMIN_EMAIL: 'admin', BOOTSTRAP_ADMIN_PASSWORD: 'long-enough' })).toEqual(['invalid configuration: BOOTSTRAP_ADMIN_EMAIL: email must be an email address']);
    expect(problemsOf({ BOOTSTRAP_ADMIN_EMAIL: 'admin@example.com', BOOTSTRAP_ADMIN_PASSWORD: 'short' })).toEqual(['invalid configuration: BOOTSTRAP_ADMIN_PASSWORD: password must be at least 6 characters']);
    expect(problemsOf({ BOOTSTRAP_ADMIN_EMAIL: 'admin@example.com', BOOTSTRAP_ADMIN_PASSWORD: 'long-enough' })).toEqual([]);
  });

  it('are not checked when an outside identity provider keeps the administrators', () => {
    expect(problemsOf({ BOOTSTRAP_ADMIN_EMAIL: 'admin', BOOTSTRAP_ADMIN_PASSWORD: 'x', IDENTITY_URL: 'https://auth.example.com' })).toEqual([]);
  });
});
