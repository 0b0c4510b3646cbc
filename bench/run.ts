import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run bench`: runs every benchmark file of this folder one after another, each in its own
 * process (so one's servers and memory do not disturb the next). Names on the command line
 * (`npm run bench -- webhook-receiver`) run only those. Results land in bench/results/.
 */
const benchDir = fileURLToPath(new URL('.', import.meta.url));
const wanted = process.argv.slice(2);
const benchmarks = readdirSync(benchDir)
  .filter((file) => file.endsWith('.ts') && file !== 'run.ts')
  .filter((file) => wanted.length === 0 || wanted.includes(basename(file, '.ts')))
  .sort();

let failed = 0;
for (const file of benchmarks) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(benchDir, file)], { stdio: 'inherit' });
  if (result.status !== 0) {
    failed += 1;
    console.error(`${file} failed (exit ${result.status ?? result.signal})`);
  }
}
process.exit(failed === 0 ? 0 : 1);
