import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { SERVER_ENTRIES, serverBuildOptions } from '../../apps/api/build-options.js';
import { REPO_ROOT } from './webhooks/run-cli.ts';

/**
 * The CLI and the service compiled once per test run, the way `npm run build` compiles them, for the
 * tests that start them as processes (a few hundred starts): a compiled start loads in about half the
 * time of one through tsx, and it is the code production runs. Built from the sources as they are, so it is
 * never stale; in its own folder per run (inside the repository, so its npm imports resolve), so
 * runs side by side do not share it.
 */
export const buildTestCli = async (): Promise<{ dir: string; remove: () => void }> => {
  const dir = join(REPO_ROOT, 'apps', 'api', 'dist-test', `run-${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(dir, { recursive: true });
  await build({ ...serverBuildOptions({ outdir: dir, entryPoints: SERVER_ENTRIES }), sourcemap: false, metafile: false });

  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
};
