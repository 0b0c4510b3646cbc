import { readFileSync, rmSync } from 'node:fs';
import { writeFileAtomically } from './write-file-atomically.ts';
import { isProcessAlive } from '@switchyard/db/process-alive';

/** How the CLI reaches a running receiver: its URL and a token for its private endpoints. */
export type GatewayRuntime = {
  pid: number;
  url: string;
  token: string;
  /** The service (`npm start`) or `gateway run`; absent in files written before it was recorded. */
  by?: 'service' | 'gateway';
};

export const writeGatewayRuntime = (path: string, runtime: GatewayRuntime): void =>
  writeFileAtomically(path, `${JSON.stringify(runtime)}\n`, 0o600);

/** The runtime of a receiver that is still running, or null. */
export const readGatewayRuntime = (path: string): GatewayRuntime | null => {
  try {
    const runtime = JSON.parse(readFileSync(path, 'utf8')) as GatewayRuntime;
    if (typeof runtime.url !== 'string' || typeof runtime.token !== 'string' || typeof runtime.pid !== 'number') {
      return null;
    }

    return isProcessAlive(runtime.pid) ? runtime : null;
  } catch {
    return null;
  }
};

/** Removes the file only if it is still this process's: another receiver may have replaced it. */
export const removeGatewayRuntime = (path: string, token: string): void => {
  try {
    const runtime = JSON.parse(readFileSync(path, 'utf8')) as GatewayRuntime;
    if (runtime.token === token) {
      rmSync(path, { force: true });
    }
  } catch {
    // Already gone.
  }
};
