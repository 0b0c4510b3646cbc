import { DomainError } from '../errors.ts';

type FileKind = { mime: string; acceptedMimes: readonly string[]; magic: readonly number[] };

const PDF: FileKind = { mime: 'application/pdf', acceptedMimes: ['application/pdf'], magic: [0x25, 0x50, 0x44, 0x46] };
const JPEG: FileKind = { mime: 'image/jpeg', acceptedMimes: ['image/jpeg', 'image/pjpeg'], magic: [0xff, 0xd8] };
const PNG: FileKind = { mime: 'image/png', acceptedMimes: ['image/png'], magic: [0x89, 0x50, 0x4e, 0x47] };
// Legacy Word files are OLE2 compound documents; modern ones are ZIP containers.
const DOC: FileKind = {
  mime: 'application/msword',
  acceptedMimes: ['application/msword'],
  magic: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
};
const DOCX: FileKind = {
  mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  acceptedMimes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/zip'],
  magic: [0x50, 0x4b, 0x03, 0x04],
};

const KINDS_BY_EXTENSION: Record<string, FileKind> = {
  '.pdf': PDF,
  '.jpg': JPEG,
  '.jpeg': JPEG,
  '.png': PNG,
  '.doc': DOC,
  '.docx': DOCX,
};

export const ALLOWED_EXTENSIONS = Object.keys(KINDS_BY_EXTENSION);

/** Bytes of the file's start the magic-byte check needs. */
export const MAGIC_BYTES_NEEDED = 8;

/** Clients that cannot tell a type send this; the magic bytes then decide alone. */
const GENERIC_MIME = 'application/octet-stream';

const MAX_NAME_LENGTH = 200;
/** A longer "extension" is just the end of a long name; keeping it could overrun the limit. */
const MAX_KEPT_EXTENSION_LENGTH = 16;

/** Cuts to `max` code points, keeping a short extension, so no surrogate pair is split. */
const shorten = (name: string, max: number): string => {
  const chars = [...name];
  if (chars.length <= max) {
    return name;
  }
  const dot = chars.lastIndexOf('.');
  const extension = dot > 0 && chars.length - dot <= MAX_KEPT_EXTENSION_LENGTH ? chars.slice(dot) : [];

  return [...chars.slice(0, max - extension.length), ...extension].join('');
};

/**
 * A display name that is safe to show and to put in a Content-Disposition header. It is never
 * used to build a storage path; it only keeps the last path segment and plain characters.
 * Normalisation comes first: NFKC turns look-alikes such as U+FF0F into '/', and a separator
 * that appears only then must still cut the name.
 */
export const sanitizeFileName = (raw: string): string => {
  const lastSegment = raw.normalize('NFKC').split(/[\\/]/).pop() ?? '';
  const name = lastSegment
    // Control characters (C0, C1), invisible format characters such as bidirectional overrides
    // (which make "fdp.exe" read as "exe.pdf") and unpaired surrogates.
    .replace(/[\p{Cc}\p{Cf}\p{Cs}]/gu, '')
    .replace(/["<>|:*?]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+/, '')
    .trim();

  return shorten(name, MAX_NAME_LENGTH).trim() || 'document';
};

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');

  return dot >= 0 ? name.slice(dot).toLowerCase() : '';
};

/** Checks extension, declared type and the file's first bytes; returns the type the file is served with. */
export const checkUploadType = (input: { fileName: string; declaredMime: string; head: Uint8Array }): string => {
  const kind = KINDS_BY_EXTENSION[extensionOf(input.fileName)];
  if (!kind) {
    throw new DomainError('unsupported_media_type', `Only ${ALLOWED_EXTENSIONS.join(' ')} files are accepted.`);
  }
  const declared = input.declaredMime.split(';')[0]?.trim().toLowerCase() ?? '';
  if (declared !== GENERIC_MIME && !kind.acceptedMimes.includes(declared)) {
    throw new DomainError('unsupported_media_type', `The file type ${declared || '(none)'} does not match its name.`);
  }
  const magicMatches = kind.magic.every((byte, index) => input.head[index] === byte);
  if (!magicMatches) {
    throw new DomainError('unsupported_media_type', 'The file content does not match its type.');
  }

  return kind.mime;
};
