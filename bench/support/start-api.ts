import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/**
 * Starts the API and waits for health: by default the TypeScript source through tsx, as in
 * development; `compiled` runs the build's `apps/api/dist/main.js` as `npm start` does (build first).
 */
export const startApi = async (
  env: Record<string, string>,
  options: { compiled?: boolean } = {},
): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> => {
  const port = String(20000 + Math.floor(Math.random() * 20000));
  const entry = options.compiled ? [join(root, 'apps/api/dist/main.js')] : ['--import', 'tsx', join(root, 'apps/api/src/main.ts')];
  const child = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : []), ...entry], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'switchyard-bench-')),
      CLAIMS_PORT: port,
      TRANSPORT_PORT: String(Number(port) + 1),
      LOG_LEVEL: 'warn',
      STAFF_KEY: 'bench-staff-key-0123456789',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600; attempt++) {
    const healthy = await fetch(`${url}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) {
      break;
    }
    if (child.exitCode !== null) {
      throw new Error('the API exited during start-up');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
};
