import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../apps/api/src/env.ts';
import { createLogger } from '../../apps/api/src/logger.ts';
import { ensureBootstrapAdmin } from '../../apps/api/src/transport/identity/bootstrap-admin.ts';
import { startTestTransport, type TestTransport } from '../support/transport-server.ts';

const PASSWORD = 'bootstrap-secret-42';
let app: TestTransport;

beforeAll(async () => {
  app = await startTestTransport({ BOOTSTRAP_ADMIN_EMAIL: 'First@Admin.test', BOOTSTRAP_ADMIN_PASSWORD: PASSWORD });
});
afterAll(async () => app?.close());

const quiet = createLogger({ level: 'silent', destination: { write: () => undefined } });
const envWith = (values: Record<string, string>) => parseEnv({ NODE_ENV: 'test', DATA_DIR: '/tmp', ...values });

describe('bootstrap platform administrator', () => {
  it('is created at start and can administer the platform', async () => {
    const login = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'first@admin.test', password: PASSWORD }),
    });
    const body = (await login.json()) as any;
    expect(body.user).toMatchObject({ email: 'first@admin.test', role: 'platform_admin' });
    expect((await fetch(`${app.url}/api/tenants`, { headers: { Authorization: `Bearer ${body.access_token}` } })).status).toBe(200);
    expect(app.logLines.join('\n')).not.toContain(PASSWORD);
  });

  it('is left alone when present, and skipped without settings or with an outside provider', async () => {
    const env = envWith({ BOOTSTRAP_ADMIN_EMAIL: 'first@admin.test', BOOTSTRAP_ADMIN_PASSWORD: 'another-password' });
    expect(await ensureBootstrapAdmin({ env, db: app.db, logger: quiet })).toBe('exists');
    expect(await ensureBootstrapAdmin({ env: envWith({}), db: app.db, logger: quiet })).toBe('skipped');
    const outside = envWith({
      BOOTSTRAP_ADMIN_EMAIL: 'b@admin.test',
      BOOTSTRAP_ADMIN_PASSWORD: 'secret-12',
      IDENTITY_URL: 'http://127.0.0.1:9',
    });
    expect(await ensureBootstrapAdmin({ env: outside, db: app.db, logger: quiet })).toBe('skipped');
    const rows = await app.db.fork().execute<{ email: string }[]>('select email from transport_identity_user');
    expect(rows.map((row) => row.email)).toEqual(['first@admin.test']);
  });

  it('stops the start when only half configured or with a weak password', async () => {
    // The environment check refuses half a pair too; the function does not rely on it.
    const half = { ...envWith({}), BOOTSTRAP_ADMIN_EMAIL: 'c@admin.test' };
    await expect(ensureBootstrapAdmin({ env: half, db: app.db, logger: quiet })).rejects.toThrow(/set together/);
    // The environment check refuses a weak password before start; the function checks it again.
    expect(() => envWith({ BOOTSTRAP_ADMIN_EMAIL: 'c@admin.test', BOOTSTRAP_ADMIN_PASSWORD: '123' })).toThrow(
      /BOOTSTRAP_ADMIN_PASSWORD: password must be at least 6/,
    );
    const weak = { ...envWith({}), BOOTSTRAP_ADMIN_EMAIL: 'c@admin.test', BOOTSTRAP_ADMIN_PASSWORD: '123' };
    await expect(ensureBootstrapAdmin({ env: weak, db: app.db, logger: quiet })).rejects.toThrow(/at least 6/);
  });
});
