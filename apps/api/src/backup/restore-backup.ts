import { createReadStream } from 'node:fs';
import { cp, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { unknownMigrationProblem } from '@switchyard/domain/backup/archive-checks';
import type { DumpedRow } from '@switchyard/db/backup/dump-tables';
import type { TableSource } from '@switchyard/db/backup/load-tables';
import { PART_PREFIX, type ArchiveManifest } from './archive-manifest.ts';
import { DamagedArchive, unpackArchive } from './read-archive.ts';
import { targetNotEmpty, type RestoreTarget } from './restore-target.ts';

/** A restore that was refused before anything changed: one line for the operator. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

export type RestoreResult = { manifest: ArchiveManifest; rows: number; tables: number; documents: number; homeFiles: number };

const PAGE_ROWS = 500;

/** The rows of one table's part, a page at a time. */
const rowsOf = async function* (path: string): AsyncIterable<DumpedRow[]> {
  const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  let page: DumpedRow[] = [];
  for await (const line of lines) {
    if (line === '') {
      continue;
    }
    page.push(JSON.parse(line) as DumpedRow);
    if (page.length >= PAGE_ROWS) {
      yield page;
      page = [];
    }
  }
  if (page.length > 0) {
    yield page;
  }
};

/** Moves a restored file into place: a rename on the same file system, a copy elsewhere. */
const putInPlace = async (from: string, to: string) => {
  await mkdir(dirname(to), { recursive: true });
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'EXDEV') {
      throw error;
    }
    await cp(from, to);
  }
};

/**
 * Fills an empty target from an archive: checks the target is empty, unpacks and checks every part,
 * refuses a schema newer than this build, creates the schema the archive was written with, loads
 * every table in one transaction, then puts the documents and the receiver's state files in place.
 */
export const restoreBackup = async (file: string, target: RestoreTarget, knownMigrations: readonly string[]): Promise<RestoreResult> => {
  const notEmpty = await targetNotEmpty(target);
  if (notEmpty) {
    throw new RestoreRefused(notEmpty);
  }
  await mkdir(target.dataDir, { recursive: true });
  const staging = await mkdtemp(join(target.dataDir, '.switchyard-restore-'));
  try {
    let manifest: ArchiveManifest;
    try {
      manifest = await unpackArchive(file, staging);
    } catch (error) {
      throw error instanceof DamagedArchive ? new RestoreRefused(error.message) : error;
    }
    const partNames = new Set(manifest.parts.map((part) => part.name));
    const missingTable = manifest.tables.find((table) => !partNames.has(table.part) || !table.part.startsWith(PART_PREFIX.database));
    if (missingTable) {
      throw new RestoreRefused(`the archive is damaged: table ${missingTable.name} has no part`);
    }
    const newer = unknownMigrationProblem(manifest.migrations, knownMigrations);
    if (newer || manifest.lastMigration !== manifest.migrations.at(-1)) {
      throw new RestoreRefused(newer ?? 'the archive is damaged: its last migration is not the last one it lists');
    }

    const { openDatabase } = await import('@switchyard/db/orm');
    const { loadTables } = await import('@switchyard/db/backup/load-tables');
    const createdPg = !target.databaseUrl;
    const db = await openDatabase({
      databaseUrl: target.databaseUrl,
      dataDir: target.dataDir,
      role: 'command',
      migrateTo: manifest.lastMigration,
    });
    let loaded: Map<string, number>;
    try {
      const tables = new Map<string, TableSource>(
        manifest.tables.map((table) => [
          table.name,
          { columns: table.columns, expectedRows: table.rows, rows: () => rowsOf(join(staging, ...table.part.split('/'))) },
        ]),
      );
      loaded = await loadTables(db.fork(), { tables, sequences: manifest.sequences });
    } catch (error) {
      await db.close();
      if (createdPg) {
        // The folder was empty before: leave it empty again, so the restore can simply be rerun.
        await rm(join(target.dataDir, 'pg'), { recursive: true, force: true });
      }
      throw error;
    }
    await db.close();

    let documents = 0;
    let homeFiles = 0;
    for (const part of manifest.parts) {
      const from = join(staging, ...part.name.split('/'));
      if (part.name.startsWith(PART_PREFIX.uploads)) {
        await target.documents.put(part.name.slice(PART_PREFIX.uploads.length), createReadStream(from));
        documents += 1;
      } else if (part.name.startsWith(PART_PREFIX.home)) {
        await putInPlace(from, join(target.homeDir, ...part.name.slice(PART_PREFIX.home.length).split('/')));
        homeFiles += 1;
      }
    }

    return { manifest, rows: [...loaded.values()].reduce((sum, rows) => sum + rows, 0), tables: loaded.size, documents, homeFiles };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
};
