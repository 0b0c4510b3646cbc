import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild } from '../support/browser/ensure-web-build.ts';
import { startService, type ServiceProcess } from '../support/embedded/service-process.ts';
import { childEnv, REPO_ROOT } from '../support/webhooks/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/webhooks/test-database.ts';

/**
 * `npm start` runs the build, not the source: the server bundle in apps/api/dist must start both
 * services on a fresh database (migrations included), serve the web pages, and the compiled CLI
 * must work on the same database.
 */
const run = promisify(execFile);
const DIST = join(REPO_ROOT, 'apps/api/dist');

describe('the compiled server (npm start)', () => {
  let database: TestDatabase;
  let service: ServiceProcess | undefined;

  beforeAll(async () => {
    await run(process.execPath, [join(REPO_ROOT, 'apps/api/build.js')], { cwd: REPO_ROOT });
    await ensureWebBuild();
    database = await createTestDatabase();
  }, 120_000);

  afterAll(async () => {
    await service?.stop();
    await database?.dispose();
  });

  it('compiles the workspace packages in and leaves no TypeScript to run', () => {
    const files = readdirSync(DIST).filter((file) => file.endsWith('.js'));
    expect(files).toEqual(expect.arrayContaining(['main.js', 'cli.js']));
    for (const file of files) {
      const code = readFileSync(join(DIST, file), 'utf8');
      expect(code, file).not.toMatch(/from ["']@switchyard\//);
      expect(code, file).not.toMatch(/\bimport\(["'][^"']*\.ts["']\)|from ["'][^"']*\.ts["']/);
      expect(code, file).not.toMatch(/from ["']tsx/);
    }
  });

  it('starts both services on a fresh database and serves their pages', async () => {
    service = await startService(database.env, 'compiled');
    const claimsHealth = await fetch(`${service.claimsUrl}/api/health`);
    expect(claimsHealth.status).toBe(200);
    const transportHealth = await fetch(`${service.transportUrl}/api/health`);
    expect(transportHealth.status).toBe(200);
    expect(await transportHealth.json()).toMatchObject({ status: 'ok', db: 'ok' });

    const claimsPage = await fetch(`${service.claimsUrl}/`);
    expect(claimsPage.headers.get('content-type')).toContain('text/html');
    expect(await claimsPage.text()).toContain('<title>Switchyard Claims');
    const transportPage = await fetch(`${service.transportUrl}/`);
    expect(await transportPage.text()).toContain('<title>Switchyard Transport');
    // The migrations ran from the bundle: the demo tenant the transport migrations insert answers.
    const theme = await fetch(`${service.transportUrl}/api/theme/demo`);
    expect(theme.status).toBe(200);
  });

  it('runs the compiled CLI against the same database', async () => {
    const { stdout } = await run(process.execPath, [join(DIST, 'cli.js'), 'tenant', 'add', 'compiled-cli', '--name', 'Compiled CLI'], {
      cwd: REPO_ROOT,
      env: childEnv({ ...database.env }),
    });
    expect(stdout).toContain('compiled-cli');
    const theme = await fetch(`${service?.transportUrl}/api/theme/compiled-cli`);
    expect(theme.status).toBe(200);
  });
});
