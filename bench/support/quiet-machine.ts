import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

export const machineTicks = (): { busy: number; total: number } => {
  const fields = (readFileSync('/proc/stat', 'latin1').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);

  // idle and iowait are the only fields that are not work.
  return { busy: total - (fields[3] ?? 0) - (fields[4] ?? 0), total };
};

const busyCoresOver = async (ms: number): Promise<number> => {
  const before = machineTicks();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = machineTicks();

  return ((after.busy - before.busy) / Math.max(1, after.total - before.total)) * cpus().length;
};

export type QuietWait = { seconds: number; quiet: boolean };

/**
 * Waits until the whole machine is idle: below `thresholdCores` busy over two samples in a row.
 * A server may still be working after its last answer (adnanh/webhook answers first and runs its
 * command afterwards), and that work must not land in the next measurement. Answers how long it
 * took, which for the side just measured is the work it had left when the load stopped.
 */
export const waitForQuietMachine = async (options: { thresholdCores?: number; maxSeconds?: number } = {}): Promise<QuietWait> => {
  const threshold = options.thresholdCores ?? 0.25;
  const maxSeconds = options.maxSeconds ?? 120;
  const started = Date.now();
  let quietSamples = 0;
  while (quietSamples < 2) {
    if ((Date.now() - started) / 1000 > maxSeconds) {
      return { seconds: maxSeconds, quiet: false };
    }
    quietSamples = (await busyCoresOver(250)) < threshold ? quietSamples + 1 : 0;
  }

  // The two quiet samples themselves are not part of the wait.
  return { seconds: Number(Math.max(0, (Date.now() - started - 500) / 1000).toFixed(1)), quiet: true };
};
