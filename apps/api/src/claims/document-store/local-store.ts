import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DomainError } from '@switchyard/domain/errors';
import type { DocumentStore, OpenedDocument, StoredName } from './document-store.ts';

const FILE_MODE = 0o640;

/** Documents as files in one folder (UPLOAD_DIR), each under its storage name. */
export const createLocalDocumentStore = (directory: string): DocumentStore => ({
  kind: 'local',
  location: directory,
  put: async (name: string, source: Readable) => {
    await mkdir(directory, { recursive: true, mode: 0o750 });
    const path = join(directory, name);
    try {
      await pipeline(source, createWriteStream(path, { mode: FILE_MODE, flags: 'wx' }));
      // The process umask may have narrowed the mode at creation; set it exactly.
      await chmod(path, FILE_MODE);
    } catch (error) {
      await unlink(path).catch(() => undefined);
      throw source.errored ?? error;
    }
  },
  open: async (name: string): Promise<OpenedDocument> => {
    const stream = createReadStream(join(directory, name));
    try {
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', reject);
      });
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ENOENT') {
        throw new DomainError('not_found', 'Document not found.');
      }
      throw error;
    }
    const info = await stat(join(directory, name));

    return { stream, sizeBytes: info.size };
  },
  remove: async (name: string) => {
    await unlink(join(directory, name)).catch((error: unknown) => {
      if ((error as { code?: unknown }).code !== 'ENOENT') {
        throw error;
      }
    });
  },
  list: async function* (): AsyncIterable<StoredName> {
    let names: string[];
    try {
      names = await readdir(directory);
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ENOENT') {
        return;
      }
      throw error;
    }
    for (const name of names) {
      const info = await stat(join(directory, name)).catch(() => null);
      if (info?.isFile()) {
        yield { name, modifiedAt: info.mtime };
      }
    }
  },
});
