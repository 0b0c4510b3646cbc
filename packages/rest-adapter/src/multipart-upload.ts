import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { chmod, mkdir, unlink } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import busboy from 'busboy';
import { DomainError } from '@switchyard/domain/errors';

/** A file streamed to disk under a fresh UUID name, with what the checks after it need. */
export type StagedUpload = {
  storageName: string;
  path: string;
  originalName: string;
  declaredMime: string;
  sizeBytes: number;
  sha256: string;
  head: Uint8Array;
  /** Removes the file; used whenever the upload is not recorded. */
  discard(): Promise<void>;
};

export type MultipartResult = { fields: Record<string, string>; file: StagedUpload | null };

export type MultipartOptions = {
  directory: string;
  maxFileBytes: number;
  fileField: string;
  allowedFields: readonly string[];
  headBytes: number;
};

const FILE_MODE = 0o640;

/**
 * Streams one multipart upload to disk. The size limit is enforced on the declared length and
 * again while streaming; a file that goes over is cut off and its partial copy removed. Reading
 * stops right there: the rest of the body is never read, so the refusal goes out at once (and the
 * caller closes the connection after it) instead of after however much more a client sends.
 */
export const receiveMultipart = async (req: IncomingMessage, options: MultipartOptions): Promise<MultipartResult> => {
  const declaredLength = Number(req.headers['content-length'] ?? 0);
  // Some headroom for the multipart framing around the file itself.
  if (declaredLength > options.maxFileBytes + 64 * 1024) {
    throw new DomainError('payload_too_large', `A file may be at most ${options.maxFileBytes / (1024 * 1024)} MB.`);
  }
  if (!/^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '')) {
    throw new DomainError('validation_error', 'Send the file as multipart/form-data.');
  }
  await mkdir(options.directory, { recursive: true, mode: 0o750 });

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      // One byte over the limit is enough to know the file is too large.
      limits: { files: 1, fileSize: options.maxFileBytes + 1, fields: 10, fieldSize: 1024, parts: 12 },
    });
  } catch {
    throw new DomainError('validation_error', 'The multipart body is malformed.');
  }

  const fields: Record<string, string> = {};
  let staged: StagedUpload | null = null;
  let writing: Promise<void> | null = null;
  let failure: DomainError | null = null;
  const fail = (error: DomainError) => {
    failure ??= error;
  };
  let stopReading: (error: DomainError) => void = () => undefined;
  const stopped = new Promise<never>((_resolve, reject) => {
    stopReading = reject;
  });

  const tooManyParts = () =>
    fail(new DomainError('validation_error', `Send exactly one file, in the field "${options.fileField}", and nothing else.`));
  parser.on('filesLimit', tooManyParts);
  parser.on('fieldsLimit', tooManyParts);
  parser.on('partsLimit', tooManyParts);

  parser.on('field', (name, value, info) => {
    if (info.valueTruncated) {
      fail(new DomainError('validation_error', `The field "${name}" is too long.`));

      return;
    }
    if (!options.allowedFields.includes(name)) {
      fail(new DomainError('validation_error', `Unknown field "${name}".`));

      return;
    }
    // Two values for one field are ambiguous (first wins? last?), so neither is taken.
    if (Object.hasOwn(fields, name)) {
      fail(new DomainError('validation_error', `The field "${name}" is given more than once.`));

      return;
    }
    fields[name] = value;
  });

  parser.on('file', (name, stream, info) => {
    if (name !== options.fileField || staged !== null) {
      fail(new DomainError('validation_error', `Send exactly one file, in the field "${options.fileField}".`));
      stream.resume();

      return;
    }
    const storageName = randomUUID();
    const path = join(options.directory, storageName);
    const hash = createHash('sha256');
    const head = Buffer.alloc(options.headBytes);
    let headFilled = 0;
    let size = 0;
    const upload: StagedUpload = {
      storageName,
      path,
      originalName: info.filename ?? '',
      declaredMime: info.mimeType ?? '',
      sizeBytes: 0,
      sha256: '',
      head: new Uint8Array(),
      discard: () => unlink(path).catch(() => undefined),
    };
    staged = upload;
    stream.on('limit', () => {
      const tooLarge = new DomainError('payload_too_large', `A file may be at most ${options.maxFileBytes / (1024 * 1024)} MB.`);
      fail(tooLarge);
      stopReading(tooLarge);
    });
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        if (headFilled < head.length) {
          headFilled += chunk.copy(head, headFilled, 0, Math.min(chunk.length, head.length - headFilled));
        }
        size += chunk.length;
        done(null, chunk);
      },
    });
    writing = pipeline(stream, measure, createWriteStream(path, { mode: FILE_MODE, flags: 'wx' })).then(async () => {
      // The process umask may have narrowed the mode at creation; set it exactly.
      await chmod(path, FILE_MODE);
      upload.sizeBytes = size;
      upload.sha256 = hash.digest('hex');
      upload.head = new Uint8Array(head.subarray(0, headFilled));
    });
    // Awaited below once parsing is over; a failure before then is not an unhandled one.
    writing.catch(() => undefined);
  });

  // Piped by hand rather than with pipeline(): on a failure pipeline() would destroy the request,
  // and with it the socket the refusal has to go out on.
  req.pipe(parser);
  const parsed = Promise.all([finished(req), finished(parser)]).then(() => writing);
  // Once reading stops, the request only ends when the connection closes; that outcome is moot.
  parsed.catch(() => undefined);
  try {
    await Promise.race([parsed, stopped]);
  } catch (error) {
    req.unpipe(parser);
    req.pause();
    parser.destroy();
    // The file must be closed before it is removed, or a late write could bring it back.
    await (writing as Promise<void> | null)?.catch(() => undefined);
    await (staged as StagedUpload | null)?.discard();
    if (error instanceof DomainError) {
      throw error;
    }
    throw new DomainError('validation_error', 'The multipart body is malformed or was cut off.', { cause: error });
  }
  if (failure) {
    await (staged as StagedUpload | null)?.discard();
    throw failure;
  }

  return { fields, file: staged };
};
