import { execFile, spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild } from '../support/browser/ensure-web-build.ts';
import { SERVICE_STAFF_KEY, startService, type ServiceProcess } from '../support/embedded/service-process.ts';
import { waitForExit } from '../support/webhooks/gateway-process.ts';
import { waitFor } from '../support/webhooks/wait-for.ts';
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

/**
 * `npm start` (scripts/start.mjs) builds only when it must: a second start on a current build runs
 * it as it is (its files untouched), and a source newer than the build is built again first. In
 * this file, after the tests above, so that no other test builds into apps/api/dist meanwhile.
 */
describe('npm start', () => {
  let database: TestDatabase;
  const OUTPUTS = [join(DIST, 'main.js'), join(DIST, 'cli.js'), join(REPO_ROOT, 'apps/web/dist/index.html')];
  const mtimes = () => OUTPUTS.map((file) => statSync(file).mtimeMs);

  beforeAll(async () => {
    database = await createTestDatabase();
  }, 60_000);

  afterAll(async () => {
    await database?.dispose();
  });

  /** Runs `npm start`'s script until the services answer, stops it, and answers what it printed. */
  const startOnce = async (): Promise<string> => {
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: REPO_ROOT,
      env: childEnv({
        ...database.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        CLAIMS_PORT: '0',
        TRANSPORT_PORT: '0',
        STAFF_KEY: SERVICE_STAFF_KEY,
        SEED_DEMO: 'false',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const claimsUrl = await waitFor(
        () => {
          if (child.exitCode !== null) {
            throw new Error(`npm start exited: ${output}`);
          }

          return output.includes('switchyard is running')
            ? /"service":"claims","url":"(http:\/\/[^"]+)","msg":"listening"/.exec(output)?.[1]
            : undefined;
        },
        120_000,
        'npm start to listen',
      );
      expect((await fetch(`${claimsUrl}/api/health`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await waitForExit(child);
    }

    return output;
  };

  it('is the start script', () => {
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(manifest.scripts.start).toBe('node scripts/start.mjs');
  });

  it('starts a current build without building it again, and builds a stale one first', async () => {
    // The build above (build.js alone) left no record of its sources, so the first start builds.
    const first = await startOnce();
    expect(first).toMatch(/^building: /m);
    const built = mtimes();

    const second = await startOnce();
    expect(second).toContain('the build is current; starting without building');
    expect(second).not.toMatch(/^building: /m);
    expect(mtimes()).toEqual(built);

    // A source edited after the build (here only its time changes): the next start builds first.
    const later = new Date(Date.now() + 2_000);
    utimesSync(join(REPO_ROOT, 'apps/api/src/startup-block.ts'), later, later);
    const third = await startOnce();
    expect(third).toMatch(/^building: apps\/api\/src\/startup-block\.ts changed$/m);
    const rebuilt = mtimes();
    rebuilt.forEach((mtime, index) => expect(mtime, OUTPUTS[index]).toBeGreaterThan(built[index] ?? 0));
  }, 300_000);
});
