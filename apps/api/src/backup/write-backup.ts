import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rename, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { Readable } from 'node:stream';
import { pack as tarPack, type Pack } from 'tar-stream';
import type { Database } from '@switchyard/db/orm';
import { dumpTables, type DumpedRow } from '@switchyard/db/backup/dump-tables';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, MANIFEST_NAME, PART_PREFIX, type ArchiveManifest } from './archive-manifest.ts';
import { homeStateFiles } from './state-files.ts';
import type { DocumentStore } from '../claims/document-store/document-store.ts';

export type BackupOptions = {
  db: Database;
  file: string;
  documents: DocumentStore;
  homeDir: string;
  productVersion: string;
  now?: () => Date;
};

type Part = ArchiveManifest['parts'][number];

/** The documents table and the column naming each document in the document store. */
const DOCUMENT_TABLE = 'claims_document';
const DOCUMENT_FILE_COLUMN = 'storage_name';

/** Streams one file into the archive, hashing what goes in. */
const addFile = async (tar: Pack, name: string, source: Readable, bytes: number): Promise<Part> => {
  const hash = createHash('sha256');
  const entry = tar.entry({ name, size: bytes, mode: 0o600 });
  await pipeline(
    source,
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    }),
    entry,
  );

  return { name, bytes, sha256: hash.digest('hex') };
};

const addBuffer = (tar: Pack, name: string, content: Buffer): Part => {
  tar.entry({ name, size: content.length, mode: 0o600 }, content);

  return { name, bytes: content.length, sha256: createHash('sha256').update(content).digest('hex') };
};

/**
 * Writes one archive: the database's tables as JSON lines (one snapshot), the uploaded documents
 * that snapshot names, and the webhook receiver's state files, with the manifest last. The tables
 * go to a scratch folder first (a tar entry needs its size up front), never whole into memory; the
 * archive is written under a temporary name and renamed, so FILE is either whole or absent.
 */
export const writeBackup = async (options: BackupOptions): Promise<ArchiveManifest> => {
  const scratch = await mkdtemp(join(dirname(options.file), '.switchyard-backup-'));
  const partial = `${options.file}.${randomBytes(4).toString('hex')}.partial`;
  try {
    const documentFiles: string[] = [];
    const dumped = await dumpTables(options.db.fork(), {
      open: async (table) => {
        const out = createWriteStream(join(scratch, `${table.name}.jsonl`));
        const fileColumn = table.name === DOCUMENT_TABLE ? table.columns.findIndex((column) => column.name === DOCUMENT_FILE_COLUMN) : -1;

        return {
          write: async (rows: DumpedRow[]) => {
            if (fileColumn >= 0) {
              documentFiles.push(...rows.map((row) => row[fileColumn]).filter((name): name is string => typeof name === 'string'));
            }
            if (!out.write(rows.map((row) => `${JSON.stringify(row)}\n`).join(''))) {
              await once(out, 'drain');
            }
          },
          close: async () => {
            out.end();
            await once(out, 'finish');
          },
        };
      },
    });
    const lastMigration = dumped.migrations.at(-1);
    if (lastMigration === undefined) {
      throw new Error('the database has no applied migration');
    }

    const tar = tarPack();
    const written = pipeline(tar, createGzip(), createWriteStream(partial, { mode: 0o600 }));
    // Observed at once, so a failed write is reported by the await below rather than as unhandled.
    written.catch(() => undefined);
    const parts: Part[] = [];
    const add = async (part: Promise<Part> | Part) => {
      parts.push(await part);
    };

    for (const table of dumped.tables) {
      const path = join(scratch, `${table.name}.jsonl`);
      await add(addFile(tar, `${PART_PREFIX.database}${table.name}.jsonl`, createReadStream(path), (await stat(path)).size));
    }
    // Uploads are stored whole before their row is committed and never changed after, so every
    // document the snapshot names is complete in the store (a folder or a bucket), streamed from it.
    for (const name of [...new Set(documentFiles)].sort()) {
      const opened = await options.documents.open(name).catch((error: unknown) => {
        throw new Error(
          `document ${name} named by the database could not be read from ${options.documents.location}: ${(error as Error).message}`,
        );
      });
      await add(addFile(tar, `${PART_PREFIX.uploads}${name}`, opened.stream, opened.sizeBytes));
    }
    // Small files that may be rewritten meanwhile: read whole, so the size given is the size sent.
    for (const name of await homeStateFiles(options.homeDir)) {
      await add(addBuffer(tar, `${PART_PREFIX.home}${name}`, await readFile(join(options.homeDir, name))));
    }

    const manifest: ArchiveManifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      productVersion: options.productVersion,
      createdAt: (options.now?.() ?? new Date()).toISOString(),
      database: options.db.kind,
      lastMigration,
      migrations: dumped.migrations,
      tables: dumped.tables.map((table) => ({
        name: table.name,
        part: `${PART_PREFIX.database}${table.name}.jsonl`,
        rows: table.rows,
        columns: table.columns,
      })),
      sequences: dumped.sequences,
      parts,
    };
    tar.entry({ name: MANIFEST_NAME, mode: 0o600 }, `${JSON.stringify(manifest, null, 2)}\n`);
    tar.finalize();
    await written;
    await rename(partial, options.file);

    return manifest;
  } finally {
    await rm(scratch, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
};
