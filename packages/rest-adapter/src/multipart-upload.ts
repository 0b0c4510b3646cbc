import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { finished } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import busboy from 'busboy';
import { DomainError } from '@switchyard/domain/errors';

/**
 * Where an upload's bytes go: a folder or an object store (the service's document store). `put` is
 * whole or nothing: when the source fails it leaves nothing behind and rejects.
 */
export type UploadSink = {
  put(name: string, source: Readable): Promise<void>;
  remove(name: string): Promise<void>;
};

/** A file streamed to the sink under a fresh UUID name, with what the checks after it need. */
export type StagedUpload = {
  storageName: string;
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
  sink: UploadSink;
  maxFileBytes: number;
  fileField: string;
  allowedFields: readonly string[];
  headBytes: number;
};

/**
 * Streams one multipart upload to the sink. The size limit is enforced on the declared length and
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
  /** Why the sink gave up, which is the answer even when the parser noticed something first. */
  let sinkFailure: DomainError | null = null;
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
    const hash = createHash('sha256');
    const head = Buffer.alloc(options.headBytes);
    let headFilled = 0;
    let size = 0;
    const upload: StagedUpload = {
      storageName,
      originalName: info.filename ?? '',
      declaredMime: info.mimeType ?? '',
      sizeBytes: 0,
      sha256: '',
      head: new Uint8Array(),
      discard: () => options.sink.remove(storageName).catch(() => undefined),
    };
    staged = upload;
    let measure: Transform | null = null;
    stream.on('limit', () => {
      const tooLarge = new DomainError('payload_too_large', `A file may be at most ${options.maxFileBytes / (1024 * 1024)} MB.`);
      fail(tooLarge);
      // The sink must see a failure, not an end: a cut-off file is never kept, not even for a moment.
      measure?.destroy(tooLarge);
      stopReading(tooLarge);
    });
    measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        if (headFilled < head.length) {
          headFilled += chunk.copy(head, headFilled, 0, Math.min(chunk.length, head.length - headFilled));
        }
        size += chunk.length;
        done(null, chunk);
      },
    });
    const measured = measure;
    stream.on('error', (error: Error) => measured.destroy(error));
    writing = options.sink.put(storageName, stream.pipe(measured)).then(() => {
      upload.sizeBytes = size;
      upload.sha256 = hash.digest('hex');
      upload.head = new Uint8Array(head.subarray(0, headFilled));
    });
    // A sink that fails (a store that is down) stops the reading at once: the file can no longer be
    // kept, and the rest of the body would only pile up behind it.
    writing.catch((error: unknown) => {
      const reported =
        error instanceof DomainError ? error : new DomainError('validation_error', 'The upload was cut off.', { cause: error });
      sinkFailure ??= reported;
      stopReading(reported);
    });
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
    if (sinkFailure) {
      throw sinkFailure as DomainError;
    }
    throw new DomainError('validation_error', 'The multipart body is malformed or was cut off.', { cause: error });
  }
  if (failure) {
    await (staged as StagedUpload | null)?.discard();
    throw failure;
  }

  return { fields, file: staged };
};
