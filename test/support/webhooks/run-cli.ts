import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inject } from 'vitest';

export const SWITCHYARD_BIN = fileURLToPath(new URL('../../../apps/api/bin/switchyard.js', import.meta.url));
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * What node runs for `switchyard ...`: this run's compiled CLI with its preload, as the bin runs a
 * current build (test/support/global-setup.ts compiles it); the bin itself where no run provided one.
 * The bin's own choice between build and source is tested in test/build/.
 */
export const switchyardArgs = (): string[] => {
  const dir = inject('compiledCliDir') as string | undefined;

  return dir === undefined ? [SWITCHYARD_BIN] : ['--import', pathToFileURL(join(dir, 'preload.js')).href, join(dir, 'cli.js')];
};

/**
 * What node runs for the whole service (`npm start` without the web build step): this run's compiled
 * `main.js` after its preload, or the source through tsx where no run provided a build or where the
 * caller loads TypeScript modules of its own first (`imports`, which need tsx). The compiled entry
 * sits in a folder of its own, so the web app's folder is named for it.
 */
export const serviceEntry = (imports: readonly string[] = []): { args: string[]; env: Record<string, string> } => {
  const dir = inject('compiledCliDir') as string | undefined;
  if (dir === undefined || imports.length > 0) {
    return {
      args: [
        '--import',
        'tsx',
        ...imports.flatMap((path) => ['--import', path]),
        '--import',
        './apps/api/src/ops/tracing/preload.ts',
        'apps/api/src/main.ts',
      ],
      env: {},
    };
  }

  return {
    args: ['--import', pathToFileURL(join(dir, 'preload.js')).href, join(dir, 'main.js')],
    env: { WEB_DIST_DIR: join(REPO_ROOT, 'apps', 'web', 'dist') },
  };
};

export type CliResult = { code: number | null; stdout: string; stderr: string };

/** The environment a CLI child gets: nothing of the test runner's own besides PATH and HOME. */
export const childEnv = (env: Record<string, string | undefined>): Record<string, string> => {
  const base: Record<string, string | undefined> = { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'info', ...env };

  return Object.fromEntries(Object.entries(base).filter((entry): entry is [string, string] => entry[1] !== undefined));
};

/** Runs `switchyard <args>` as a child process, the way a user runs it. */
export const runCli = (args: string[], env: Record<string, string | undefined>, input?: string): Promise<CliResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...switchyardArgs(), ...args], { cwd: REPO_ROOT, env: childEnv(env) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
