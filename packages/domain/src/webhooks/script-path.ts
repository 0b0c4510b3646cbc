import { isAbsolute, relative, resolve, sep } from 'node:path';

export type ScriptPath = { ok: true; path: string } | { ok: false; problem: string };

/** Whether `candidate` lies strictly inside `directory` (both absolute, already resolved). */
export const isInside = (directory: string, candidate: string): boolean => {
  const path = relative(directory, candidate);

  return path !== '' && !path.startsWith(`..${sep}`) && path !== '..' && !isAbsolute(path);
};

/** Resolves a route's script name against the scripts directory and refuses anything outside it. */
export const resolveScriptPath = (scriptsDir: string, script: string): ScriptPath => {
  if (script.trim() === '' || script.includes('\0')) {
    return { ok: false, problem: 'script name is empty or invalid' };
  }
  const directory = resolve(scriptsDir);
  const path = resolve(directory, script);
  if (!isInside(directory, path)) {
    return { ok: false, problem: `script "${script}" is outside the scripts directory ${directory}` };
  }

  return { ok: true, path };
};
