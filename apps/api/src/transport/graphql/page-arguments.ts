import type { PageKey, PageWindow } from '@switchyard/db/transport/reporting/keyset';
import { encodeKeysetCursor, parseKeysetCursor } from '../../graphql-common/keyset-cursor.ts';
import { invalidInputError } from './graphql-errors.ts';
import { TRANSPORT_GRAPHQL_LIMITS } from './limits.ts';

export const encodeCursor = encodeKeysetCursor;

/** `isId` says what an id of that list looks like, so a forged cursor never reaches SQL as a bad value. */
export const decodeCursor = (cursor: string, isId: (id: string) => boolean): PageKey => {
  const position = parseKeysetCursor(cursor, isId);
  if (position === null) {
    throw invalidInputError('after is not a cursor this service issued.');
  }

  return position;
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
