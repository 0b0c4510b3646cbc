import { checkJsonBody, JSON_BODY_PROBLEMS } from '../json-body-check.ts';

export type ScriptRun = {
  exitCode: number | null;
  stdout: string;
  timedOut: boolean;
};

export type ScriptOutcome = { kind: 'continue'; payload: unknown } | { kind: 'ignored'; reason: string };

const SILENT = '[SILENT]';

/**
 * What a route script's run means for the event: a JSON object on stdout replaces the payload;
 * other text is kept beside the payload as `script_output`; no output, `[SILENT]`, a non-zero
 * exit or a timeout ignore the event.
 */
export const interpretScriptRun = (run: ScriptRun, payload: unknown): ScriptOutcome => {
  if (run.timedOut) {
    return { kind: 'ignored', reason: 'script timed out' };
  }
  if (run.exitCode !== 0) {
    return { kind: 'ignored', reason: `script exited with code ${run.exitCode ?? 'unknown'}` };
  }
  const output = run.stdout.trim();
  if (output === '') {
    return { kind: 'ignored', reason: 'script printed nothing' };
  }
  if (output === SILENT) {
    return { kind: 'ignored', reason: 'script answered [SILENT]' };
  }
  // The script's output is stored like a sender's body, so the same limits apply to it.
  if (output.includes('\u0000')) {
    return { kind: 'ignored', reason: `script output refused: ${JSON_BODY_PROBLEMS['nul character']}` };
  }
  const problem = output.startsWith('{') ? checkJsonBody(Buffer.from(output, 'utf8')) : null;
  if (problem !== null) {
    return { kind: 'ignored', reason: `script output refused: ${JSON_BODY_PROBLEMS[problem]}` };
  }
  try {
    const parsed: unknown = JSON.parse(output);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      return { kind: 'continue', payload: parsed };
    }
  } catch {
    // Not JSON: plain text that enriches the payload.
  }
  const base = typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? payload : { payload };

  return { kind: 'continue', payload: { ...base, script_output: output } };
};

/** `.sh` and `.bash` scripts run with bash, every other script with Python. */
export const scriptInterpreter = (scriptPath: string): 'bash' | 'python3' => (/\.(sh|bash)$/i.test(scriptPath) ? 'bash' : 'python3');
