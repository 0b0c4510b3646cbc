import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { extract, pack } from 'tar-stream';

/** Every entry of a (small) archive, in order. */
export const readArchive = async (file: string): Promise<[string, Buffer][]> => {
  const entries: [string, Buffer][] = [];
  const reader = extract();
  reader.on('entry', (header, entry, next) => {
    const chunks: Buffer[] = [];
    entry.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
    entry.on('end', () => {
      entries.push([header.name, Buffer.concat(chunks)]);
      next();
    });
  });
  await pipeline(createReadStream(file), createGunzip(), reader);

  return entries;
};

/** Writes the entries as a well-formed archive: what a damaged part or a foreign manifest looks like. */
export const writeArchive = async (file: string, entries: [string, Buffer][]): Promise<void> => {
  const writer = pack();
  const written = pipeline(writer, createGzip(), createWriteStream(file));
  for (const [name, content] of entries) {
    writer.entry({ name }, content);
  }
  writer.finalize();
  await written;
};
