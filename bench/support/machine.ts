import { cpus, totalmem } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const machine = () => ({
  date: new Date().toISOString(),
  node: process.version,
  cpus: `${cpus().length} x ${cpus()[0]?.model ?? 'unknown'}`,
  memory_gib: Math.round(totalmem() / 2 ** 30),
});

export const writeResult = (name: string, result: unknown): string => {
  const dir = join(import.meta.dirname, '..', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify({ machine: machine(), ...(result as object) }, null, 2)}\n`);

  return file;
};
