import { spawn } from 'node:child_process';
import { realpathSync, statSync } from 'node:fs';
import { isInside, resolveScriptPath } from '@switchyard/domain/webhooks/script-path';
import { scriptInterpreter, type ScriptRun } from '@switchyard/domain/webhooks/script-outcome';

export type ScriptLocation = { ok: true; path: string } | { ok: false; problem: string };

/**
 * Finds a route script inside the scripts directory. Symbolic links are followed before the check,
 * so a link inside the directory cannot lead outside it.
 */
export const locateScript = (scriptsDir: string, script: string): ScriptLocation => {
  const resolved = resolveScriptPath(scriptsDir, script);
  if (!resolved.ok) {
    return resolved;
  }
  const stats = statSync(resolved.path, { throwIfNoEntry: false });
  if (stats === undefined || !stats.isFile()) {
    return { ok: false, problem: `script "${script}" does not exist in ${scriptsDir}` };
  }
  const real = realpathSync(resolved.path);
  if (!isInside(realpathSync(scriptsDir), real)) {
    return { ok: false, problem: `script "${script}" leads outside the scripts directory` };
  }

  return { ok: true, path: real };
};

const MAX_OUTPUT_BYTES = 4 * 1024 * 1024;

/** Runs a route script with the payload as JSON on stdin, in a clean environment, under a time limit. */
export const runRouteScript = (options: {
  path: string;
  cwd: string;
  payload: unknown;
  timeoutMs: number;
  pathVariable: string;
  eventType: string;
  route: string;
}): Promise<ScriptRun> =>
  new Promise((resolvePromise) => {
    const child = spawn(scriptInterpreter(options.path), [options.path], {
      cwd: options.cwd,
      // Its own process group, so that a timeout also ends whatever the script started.
      detached: true,
      stdio: ['pipe', 'pipe', 'ignore'],
      env: {
        PATH: options.pathVariable,
        LANG: 'C.UTF-8',
        SWITCHYARD_WEBHOOK_ROUTE: options.route,
        SWITCHYARD_WEBHOOK_EVENT_TYPE: options.eventType,
      },
    });
    const chunks: Buffer[] = [];
    let size = 0;
    let timedOut = false;
    let settled = false;
    const finish = (exitCode: number | null) => {
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        resolvePromise({ exitCode, stdout: Buffer.concat(chunks).toString('utf8'), timedOut });
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-(child.pid ?? 0), 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
      finish(null);
    }, options.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_OUTPUT_BYTES) {
        chunks.push(chunk);
      }
    });
    child.on('error', () => finish(127));
    child.on('close', (code) => finish(timedOut ? null : code));
    // A script that does not read its input must not fail the run with EPIPE.
    child.stdin.on('error', () => undefined);
    child.stdin.end(JSON.stringify(options.payload));
  });
