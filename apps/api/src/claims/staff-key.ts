import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from '../env.ts';
import type { Logger } from '../logger.ts';

/** Where a generated staff key is kept, so a developer's bookmarks and scripts keep working. */
export const staffKeyFile = (dataDir: string): string => join(dataDir, 'staff-key');

const readKept = (file: string): string | null => {
  try {
    const kept = readFileSync(file, 'utf8').trim();

    return kept.length >= 16 ? kept : null;
  } catch {
    return null;
  }
};

/**
 * The staff key: `STAFF_KEY` when set (production requires it). Otherwise one is generated once and
 * kept in `DATA_DIR/staff-key` (mode 0600) and reused at every start, so it does not change under
 * a developer between restarts. The key itself never goes through the logger; the start-up block
 * shows it on the terminal.
 */
export const resolveStaffKey = (env: Env, logger: Logger): { key: string; source: 'env' | 'file' | 'generated' } => {
  if (env.STAFF_KEY) {
    return { key: env.STAFF_KEY, source: 'env' };
  }
  const file = staffKeyFile(env.DATA_DIR);
  const kept = readKept(file);
  if (kept) {
    return { key: kept, source: 'file' };
  }
  const generated = randomBytes(24).toString('base64url');
  try {
    mkdirSync(env.DATA_DIR, { recursive: true });
    writeFileSync(file, `${generated}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process wrote it first: that one is the key.
    const raced = readKept(file);
    if (raced) {
      return { key: raced, source: 'file' };
    }
    logger.warn({ err: error, file }, 'the generated staff key could not be kept; it holds for this run only');
  }
  logger.warn({ file }, 'STAFF_KEY is not set; a staff key was generated and kept in the data folder');

  return { key: generated, source: 'generated' };
};
