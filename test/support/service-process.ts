import { spawn, type ChildProcess } from 'node:child_process';
import { childEnv, REPO_ROOT, serviceEntry } from './webhooks/run-cli.ts';
import { waitFor } from './webhooks/wait-for.ts';

export type ServiceProcess = { child: ChildProcess; url: string; output: () => string; stop: () => Promise<void> };

/** The whole service (this run's build of `apps/api/src/main.ts`, after the tracing preload) as a child process, as `npm start` runs it. */
export const startServiceProcess = async (
  env: Record<string, string | undefined>,
  ready = 'switchyard is running',
  /** Modules node loads before the service (`--import`), after tsx and before the tracing preload. */
  options: { imports?: readonly string[]; startMs?: number } = {},
): Promise<ServiceProcess> => {
  const entry = serviceEntry(options.imports);
  const child: ChildProcess = spawn(process.execPath, entry.args, {
    cwd: REPO_ROOT,
    env: childEnv({ ...entry.env, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await waitFor(
    () => {
      if (child.exitCode !== null) {
        throw new Error(`the service exited early: ${output}`);
      }

      return output.includes(ready) ? /"service":"claims","url":"(http:\/\/[^"]+)","msg":"listening"/.exec(output)?.[1] : undefined;
    },
    options.startMs ?? 60_000,
    'the service to start',
  );

  return {
    child,
    url: url ?? '',
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) {
        return;
      }
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
};
