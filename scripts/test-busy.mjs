#!/usr/bin/env node
/**
 * `npm run test:busy [-- vitest arguments]`: runs the tests (`vitest run`) while CPU-bound
 * processes spin beside them, as on a laptop or a shared CI runner that is busy with other work.
 * The suite waits for events and steps its workers instead of sleeping, so it must pass like this.
 * TEST_BUSY_BURNERS sets how many spinning processes (default 1). Exits with vitest's exit code.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const burnerCount = Number(process.env.TEST_BUSY_BURNERS ?? '1');
if (!Number.isInteger(burnerCount) || burnerCount < 0) {
  console.error(`TEST_BUSY_BURNERS must be a whole number, not "${process.env.TEST_BUSY_BURNERS}"`);
  process.exit(2);
}

const burners = Array.from({ length: burnerCount }, () => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
const stopBurners = () => {
  for (const burner of burners) {
    if (burner.exitCode === null && burner.signalCode === null) {
      burner.kill('SIGKILL');
    }
  }
};
// Whatever happens to this process, the spinning ones do not outlive it.
process.on('exit', stopBurners);

const vitestBin = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const started = Date.now();
const vitest = spawn(process.execPath, [vitestBin, 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => vitest.kill(signal));
}
console.log(`test:busy: ${burnerCount} CPU-bound process(es) running beside vitest`);

vitest.on('exit', (code, signal) => {
  stopBurners();
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(
    `test:busy: vitest ${signal ? `ended by ${signal}` : `exited with ${code}`} after ${seconds} s beside ${burnerCount} CPU-bound process(es)`,
  );
  process.exit(code ?? 1);
});
