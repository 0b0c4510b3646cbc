// `npm start`: builds only when the build is missing or older than its sources, then runs the
// compiled services in this process (signals reach them directly, no wrapper process in between).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { currentInputs, staleReason, writeStamp } from './build-stamp.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const inputs = currentInputs(root);
const reason = staleReason(root, inputs);

if (reason === null) {
  console.log('the build is current; starting without building (npm run build builds anyway)');
} else {
  console.log(`building: ${reason}`);
  // The npm that runs this script (npm start sets npm_execpath), on this same node.
  const npm = process.env.npm_execpath;
  const built = npm
    ? spawnSync(process.execPath, [npm, 'run', 'build'], { cwd: root, stdio: 'inherit' })
    : spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) {
    process.exit(built.status ?? 1);
  }
  writeStamp(root, inputs);
}

// Tracing, when configured, starts before the services import http and pg (apps/api/src/ops/tracing/preload.ts).
await import('../apps/api/dist/preload.js');
await import('../apps/api/dist/main.js');
