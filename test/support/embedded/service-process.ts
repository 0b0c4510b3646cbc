import { spawn, type ChildProcess } from 'node:child_process';
import { childEnv, REPO_ROOT, serviceEntry } from '../webhooks/run-cli.ts';
import { waitForExit } from '../webhooks/gateway-process.ts';
import { waitFor } from '../webhooks/wait-for.ts';

export const SERVICE_STAFF_KEY = 'embedded-staff-key-0123456789';

/** `npm start` without the web build: apps/api/src/main.ts as a child process, on random ports. */
export type ServiceProcess = {
  child: ChildProcess;
  pid: number;
  claimsUrl: string;
  transportUrl: string;
  output: () => string;
  /** SIGTERM, then the exit code once it has stopped. */
  stop(): Promise<number | null>;
  /** kill -9: no shutdown code runs. */
  kill(): Promise<void>;
};

/** The sources as they are (this run's build of them); `compiled` runs `npm run build`'s apps/api/dist/main.js, as `npm start` does. */
export type ServiceEntry = 'source' | 'compiled';
const entryOf = (entry: ServiceEntry) => (entry === 'compiled' ? { args: ['apps/api/dist/main.js'], env: {} } : serviceEntry());

export const spawnService = (
  env: Record<string, string | undefined>,
  entry: ServiceEntry = 'source',
): { child: ChildProcess; output: () => string; stderr: () => string } => {
  const { args, env: entryEnv } = entryOf(entry);
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: childEnv({
      ...entryEnv,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      CLAIMS_PORT: '0',
      TRANSPORT_PORT: '0',
      STAFF_KEY: SERVICE_STAFF_KEY,
      TRUST_PROXY: 'true',
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stderr += chunk.toString();
  });

  return { child, output: () => output, stderr: () => stderr };
};

/** The URL each service logged in its `listening` line. */
const listeningUrls = (output: string): Map<string, string> => {
  const urls = new Map<string, string>();
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) {
      continue;
    }
    try {
      const entry = JSON.parse(line) as { msg?: string; service?: string; url?: string };
      if (entry.msg === 'listening' && entry.service && entry.url) {
        urls.set(entry.service, entry.url);
      }
    } catch {
      // Not a log line.
    }
  }

  return urls;
};

export const startService = async (env: Record<string, string | undefined>, entry: ServiceEntry = 'source'): Promise<ServiceProcess> => {
  const { child, output } = spawnService(env, entry);
  const urls = await waitFor(
    () => {
      if (child.exitCode !== null) {
        throw new Error(`the service exited during start-up: ${output()}`);
      }
      const found = listeningUrls(output());

      return found.has('claims') && found.has('transport') ? found : undefined;
    },
    90_000,
    'the service to listen',
  );

  return {
    child,
    pid: child.pid ?? 0,
    claimsUrl: urls?.get('claims') ?? '',
    transportUrl: urls?.get('transport') ?? '',
    output,
    stop: async () => {
      child.kill('SIGTERM');
      await waitForExit(child);

      return child.exitCode;
    },
    kill: async () => {
      child.kill('SIGKILL');
      await waitForExit(child);
    },
  };
};
