import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract as tarExtract } from 'tar-stream';
import { checksumProblem } from '@switchyard/domain/backup/archive-checks';
import { archiveManifest, MANIFEST_NAME, type ArchiveManifest } from './archive-manifest.ts';

/** A refusal of the archive itself: one line for the operator. */
export class DamagedArchive extends Error {
  override name = 'DamagedArchive';
}

/** A part's name is a plain relative path inside the archive, never one that leaves the folder. */
const safePartName = (name: string): string | undefined => {
  const normal = normalize(name);
  if (
    normal !== name ||
    name.startsWith('/') ||
    name.split('/').some((segment) => segment === '..' || segment === '' || segment === '.') ||
    name.includes('\\')
  ) {
    return undefined;
  }

  return normal.split('/').join(sep);
};

/**
 * Unpacks the archive into `into`, hashing every part as it is written, then checks each part
 * against the manifest. Returns the manifest only when every part is present and whole.
 */
export const unpackArchive = async (file: string, into: string): Promise<ArchiveManifest> => {
  const found = new Map<string, string>();
  const extract = tarExtract();
  extract.on('entry', (header, stream, next) => {
    const target = safePartName(header.name);
    if (header.type !== 'file' || target === undefined) {
      stream.resume();
      extract.destroy(new DamagedArchive(`the archive is damaged: unexpected entry ${header.name}`));

      return;
    }
    const hash = createHash('sha256');
    const path = join(into, target);
    mkdir(dirname(path), { recursive: true })
      .then(() =>
        pipeline(
          stream,
          new Transform({
            transform(chunk: Buffer, _encoding, done) {
              hash.update(chunk);
              done(null, chunk);
            },
          }),
          createWriteStream(path, { mode: 0o600 }),
        ),
      )
      .then(() => {
        found.set(header.name, hash.digest('hex'));
        next();
      })
      .catch((error: unknown) => next(error instanceof Error ? error : new Error(String(error))));
  });
  try {
    await pipeline(createReadStream(file), createGunzip(), extract);
  } catch (error) {
    if (error instanceof DamagedArchive) {
      throw error;
    }
    const code = (error as { code?: unknown }).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') {
      throw new DamagedArchive(`cannot read ${file}: ${(error as Error).message}`);
    }
    throw new DamagedArchive(`the archive is damaged: ${(error as Error).message}`);
  }
  if (!found.has(MANIFEST_NAME)) {
    throw new DamagedArchive('the archive is damaged or not a switchyard backup: it has no manifest');
  }
  let manifest: ArchiveManifest;
  try {
    manifest = archiveManifest.parse(JSON.parse(await readFile(join(into, MANIFEST_NAME), 'utf8')));
  } catch {
    throw new DamagedArchive('the archive is damaged or not a switchyard backup: its manifest is unreadable');
  }
  found.delete(MANIFEST_NAME);
  const problem = checksumProblem(new Map(manifest.parts.map((part) => [part.name, part.sha256])), found);
  if (problem) {
    throw new DamagedArchive(problem);
  }

  return manifest;
};
