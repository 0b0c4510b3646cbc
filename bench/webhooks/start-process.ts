import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** Starts a server process and waits until `ready` answers true (polled), or fails after 60 s. */
export const startProcess = async (
  command: string,
  args: string[],
  options: { env: Record<string, string>; cwd?: string; ready: () => Promise<boolean> },
): Promise<ChildProcess> => {
  const child = spawn(command, args, { env: options.env, cwd: options.cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = `${stderr}${chunk.toString()}`.slice(-4000)));
  const deadline = Date.now() + 60_000;
  while (!(await options.ready().catch(() => false))) {
    if (child.exitCode !== null) {
      throw new Error(`${command} exited: ${stderr}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${command} did not become ready: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return child;
};

export const stopProcess = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve();

      return;
    }
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
