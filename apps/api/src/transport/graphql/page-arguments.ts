import type { PageKey, PageWindow } from '@switchyard/db/transport/reporting/keyset';
import { invalidInputError } from './graphql-errors.ts';
import { TRANSPORT_GRAPHQL_LIMITS } from './limits.ts';

const KEY_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Cursors are opaque to callers: the row's position in newest-first order, base64url-encoded. */
export const encodeCursor = (row: { key_created_at: string; id: string }): string =>
  Buffer.from(JSON.stringify([row.key_created_at, row.id])).toString('base64url');

/** `isId` says what an id of that list looks like, so a forged cursor never reaches SQL as a bad value. */
export const decodeCursor = (cursor: string, isId: (id: string) => boolean): PageKey => {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === 'string' &&
      KEY_TIME.test(parsed[0]) &&
      !Number.isNaN(Date.parse(parsed[0])) &&
      typeof parsed[1] === 'string' &&
      isId(parsed[1])
    ) {
      return { createdAt: parsed[0], id: parsed[1] };
    }
  } catch {
    // Falls through to the one answer for every malformed cursor.
  }
  throw invalidInputError('after is not a cursor this service issued.');
};

/** Forward pages only: `first` (1 to 100, 20 when absent) rows after the `after` cursor. */
export const readPageArguments = (args: { first?: number | null; after?: string | null }, isId: (id: string) => boolean): PageWindow => {
  const size = args.first ?? TRANSPORT_GRAPHQL_LIMITS.defaultPageSize;
  if (size < 1 || size > TRANSPORT_GRAPHQL_LIMITS.maxPageSize) {
    throw invalidInputError(`first must be between 1 and ${TRANSPORT_GRAPHQL_LIMITS.maxPageSize}.`);
  }

  // An empty cursor is taken as none.
  return { size, after: args.after ? decodeCursor(args.after, isId) : undefined };
};

export const isUuid = (id: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** Household ids are text (UUIDs from the signup, fixed ids from seeds); any short id without NUL is one. */
export const isTextId = (id: string): boolean => id.length > 0 && id.length <= 200 && !id.includes('\u0000');
