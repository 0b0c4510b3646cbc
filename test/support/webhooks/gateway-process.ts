import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { childEnv, REPO_ROOT, switchyardArgs } from './run-cli.ts';
import { waitFor } from './wait-for.ts';

/** `switchyard gateway run` as a child process; its URL is read from the runtime file it writes. */
export type GatewayProcess = { child: ChildProcess; url: string; output: () => string };

export const startGatewayProcess = async (home: string, env: Record<string, string | undefined>): Promise<GatewayProcess> => {
  const child = spawn(process.execPath, [...switchyardArgs(), 'gateway', 'run'], {
    cwd: REPO_ROOT,
    env: childEnv({ SWITCHYARD_HOME: home, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await waitFor<string | undefined>(
    () => {
      if (child.exitCode !== null) {
        throw new Error(`gateway exited early: ${output}`);
      }
      if (!output.includes('webhook receiver listening')) {
        return undefined;
      }
      const runtime = JSON.parse(readFileSync(join(home, 'gateway.runtime.json'), 'utf8')) as { url: string; pid: number };

      return runtime.pid === child.pid ? runtime.url : undefined;
    },
    30_000,
    'the gateway to listen',
  );

  return { child, url: url ?? '', output: () => output };
};

export const waitForExit = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
