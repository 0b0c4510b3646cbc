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
    expect(envWith({ CLAIMS_PORT: '4001', PORTAL_URL: 'https://claims.example.com/portal-app' }).PORTAL_URL).toBe(
      'https://claims.example.com/portal-app',
    );
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
    expect(problemsOf({ BOOTSTRAP_ADMIN_EMAIL: 'admin', BOOTSTRAP_ADMIN_PASSWORD: 'long-enough' })).toEqual([
      'invalid configuration: BOOTSTRAP_ADMIN_EMAIL: email must be an email address',
    ]);
    expect(problemsOf({ BOOTSTRAP_ADMIN_EMAIL: 'admin@example.com', BOOTSTRAP_ADMIN_PASSWORD: 'short' })).toEqual([
      'invalid configuration: BOOTSTRAP_ADMIN_PASSWORD: password must be at least 6 characters',
    ]);
    expect(problemsOf({ BOOTSTRAP_ADMIN_EMAIL: 'admin@example.com', BOOTSTRAP_ADMIN_PASSWORD: 'long-enough' })).toEqual([]);
  });

  it('are not checked when an outside identity provider keeps the administrators', () => {
    expect(problemsOf({ BOOTSTRAP_ADMIN_EMAIL: 'admin', BOOTSTRAP_ADMIN_PASSWORD: 'x', IDENTITY_URL: 'https://auth.example.com' })).toEqual(
      [],
    );
  });
});

describe('UPLOAD_STORE and the S3 variables', () => {
  it('keep documents in UPLOAD_DIR unless told otherwise', () => {
    expect(envWith({}).UPLOAD_STORE).toBe('local');
  });

  it('take a bucket, an endpoint, path-style addressing and credentials for s3', () => {
    const env = envWith({
      UPLOAD_STORE: 's3',
      S3_BUCKET: 'switchyard-documents',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'key',
      AWS_SECRET_ACCESS_KEY: 'secret',
    });
    expect(env).toMatchObject({ UPLOAD_STORE: 's3', S3_BUCKET: 'switchyard-documents', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true });
  });

  it('refuses s3 without a bucket, a key id without its secret, a bad bucket name, an endpoint that is not a URL and an unknown store', () => {
    expect(problemsOf({ UPLOAD_STORE: 's3', AWS_ACCESS_KEY_ID: 'key' })).toEqual([
      'invalid configuration: S3_BUCKET: required when UPLOAD_STORE=s3',
      'invalid configuration: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY: set both or neither',
    ]);
    expect(problemsOf({ UPLOAD_STORE: 's3', S3_BUCKET: 'Bad_Bucket' })).toEqual([
      expect.stringMatching(/^invalid configuration: S3_BUCKET: /),
    ]);
    expect(problemsOf({ UPLOAD_STORE: 's3', S3_BUCKET: 'docs', S3_ENDPOINT: 'minio 9000' })).toEqual([
      expect.stringMatching(/^invalid configuration: S3_ENDPOINT: /),
    ]);
    expect(problemsOf({ UPLOAD_STORE: 'disk' })).toEqual([expect.stringMatching(/^invalid configuration: UPLOAD_STORE: /)]);
  });
});

describe('retention periods', () => {
  it('keep positions 30 days and closed claims 7 years unless set', () => {
    expect(envWith({})).toMatchObject({ POSITION_RETENTION_DAYS: 30, CLAIMS_RETENTION_YEARS: 7 });
    expect(envWith({ POSITION_RETENTION_DAYS: '14', CLAIMS_RETENTION_YEARS: '10' })).toMatchObject({
      POSITION_RETENTION_DAYS: 14,
      CLAIMS_RETENTION_YEARS: 10,
    });
  });

  it('refuse zero, fractions and words, one line each', () => {
    expect(problemsOf({ POSITION_RETENTION_DAYS: '0', CLAIMS_RETENTION_YEARS: 'seven' })).toEqual([
      expect.stringMatching(/^invalid configuration: CLAIMS_RETENTION_YEARS: /),
      expect.stringMatching(/^invalid configuration: POSITION_RETENTION_DAYS: /),
    ]);
    expect(problemsOf({ POSITION_RETENTION_DAYS: '1.5' })).toEqual([
      expect.stringMatching(/^invalid configuration: POSITION_RETENTION_DAYS: /),
    ]);
  });

  it('keep finished webhook deliveries 90 days unless WEBHOOK_DELIVERY_HISTORY_DAYS says otherwise, a whole number of days', () => {
    expect(envWith({})).toMatchObject({ WEBHOOK_DELIVERY_HISTORY_DAYS: 90 });
    expect(envWith({ WEBHOOK_DELIVERY_HISTORY_DAYS: '14' })).toMatchObject({ WEBHOOK_DELIVERY_HISTORY_DAYS: 14 });
    for (const bad of ['0', '2.5', 'ninety']) {
      expect(problemsOf({ WEBHOOK_DELIVERY_HISTORY_DAYS: bad })).toEqual([
        expect.stringMatching(/^invalid configuration: WEBHOOK_DELIVERY_HISTORY_DAYS: /),
      ]);
    }
  });
});
