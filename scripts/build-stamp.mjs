// What the build was made from, kept beside it, so that `npm start` can tell a current build from a
// stale one without building. Sources count by size and modification time (reading ~1000 file
// metadata entries takes milliseconds); package-lock.json by content, since `npm install` rewrites it
// unchanged.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Everything `npm run build` reads besides node_modules: both apps, the packages they compile in, their configuration. */
const INPUTS = [
  'apps/api/src',
  'apps/api/build.js',
  'apps/api/build-options.js',
  'apps/api/package.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/transport.html',
  'apps/web/package.json',
  'packages',
  'vite.config.ts',
  'tsconfig.base.json',
  'package.json',
];

/** What a build leaves; without any of them there is nothing to start. */
const OUTPUTS = ['apps/api/dist/main.js', 'apps/api/dist/cli.js', 'apps/web/dist/index.html', 'apps/web/dist/transport.html'];

const STAMP = 'apps/api/dist/.build-stamp.json';

const skipped = (name) => name === 'node_modules' || name === 'dist' || name.endsWith('.test.ts') || name.endsWith('.test.tsx');

const listFiles = (root, path, into) => {
  const full = join(root, path);
  if (!existsSync(full)) {
    return;
  }
  const info = statSync(full);
  if (!info.isDirectory()) {
    into[relative(root, full)] = `${info.size}:${Math.trunc(info.mtimeMs)}`;

    return;
  }
  for (const name of readdirSync(full)) {
    if (!skipped(name)) {
      listFiles(root, join(path, name), into);
    }
  }
};

/** The inputs as they are now: one `size:mtime` per source file and the lock file's hash. */
export const currentInputs = (root) => {
  const files = {};
  for (const input of INPUTS) {
    listFiles(root, input, files);
  }
  const lockFile = join(root, 'package-lock.json');
  const lock = existsSync(lockFile) ? createHash('sha256').update(readFileSync(lockFile)).digest('hex') : null;

  return { lock, files };
};

/** Why the build must be made again, or null when it was made from exactly these inputs. */
export const staleReason = (root, inputs) => {
  const missing = OUTPUTS.find((output) => !existsSync(join(root, output)));
  if (missing) {
    return `${missing} is missing`;
  }
  const stampFile = join(root, STAMP);
  if (!existsSync(stampFile)) {
    return 'the build has no record of its sources';
  }
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return 'the record of the build is unreadable';
  }
  if (stamp.lock !== inputs.lock) {
    return 'package-lock.json changed';
  }
  const before = stamp.files ?? {};
  const changed = Object.keys(inputs.files).find((file) => before[file] !== inputs.files[file]);
  if (changed) {
    return `${changed} ${changed in before ? 'changed' : 'is new'}`;
  }
  const removed = Object.keys(before).find((file) => !(file in inputs.files));

  return removed ? `${removed} was removed` : null;
};

/** Records the inputs a successful build was made from (taken before it ran, so an edit during the build counts). */
export const writeStamp = (root, inputs) => {
  writeFileSync(join(root, STAMP), `${JSON.stringify(inputs)}\n`);
};
