import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const SWITCHYARD_BIN = fileURLToPath(new URL('../../../apps/api/bin/switchyard.js', import.meta.url));
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export type CliResult = { code: number | null; stdout: string; stderr: string };

/** The environment a CLI child gets: nothing of the test runner's own besides PATH and HOME. */
export const childEnv = (env: Record<string, string | undefined>): Record<string, string> => {
  const base: Record<string, string | undefined> = { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'info', ...env };

  return Object.fromEntries(Object.entries(base).filter((entry): entry is [string, string] => entry[1] !== undefined));
};

/** Runs `switchyard <args>` as a child process, the way a user runs it. */
export const runCli = (args: string[], env: Record<string, string | undefined>, input?: string): Promise<CliResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SWITCHYARD_BIN, ...args], { cwd: REPO_ROOT, env: childEnv(env) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
