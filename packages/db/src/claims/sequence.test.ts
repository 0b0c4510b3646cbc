import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../orm.ts';
import { NumberSequence } from './entities.ts';
import { takeSequenceNumber } from './sequence.ts';

let db: Database;
const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-sequence-'));
// Creating an embedded database takes seconds on a busy machine.
beforeAll(async () => {
  db = await openDatabase({ dataDir, inMemory: true });
}, 60_000);
afterAll(async () => {
  await db?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('takeSequenceNumber', () => {
  it('counts per prefix and year from 0001, and a rolled-back number is given again', async () => {
    const take = (prefix: 'CLM' | 'CLT', year: number) => db.fork().transactional((tx) => takeSequenceNumber(tx, prefix, year));
    expect(await take('CLM', 2030)).toBe('CLM-2030-0001');
    expect(await take('CLM', 2030)).toBe('CLM-2030-0002');
    expect(await take('CLT', 2030)).toBe('CLT-2030-0001');
    expect(await take('CLM', 2031)).toBe('CLM-2031-0001');
    await expect(
      db.fork().transactional(async (tx) => {
        await takeSequenceNumber(tx, 'CLM', 2030);
        throw new Error('the insert after the number failed');
      }),
    ).rejects.toThrow('the insert after the number failed');
    expect(await take('CLM', 2030)).toBe('CLM-2030-0003');
    const row = await db.fork().findOneOrFail(NumberSequence, { prefix: 'CLM', year: 2030 });
    expect(row.counter).toBe(3);
  });
});
