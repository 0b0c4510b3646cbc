import { invalidInputError } from './graphql-errors.ts';
import { parseKeysetCursor, type KeysetPosition } from './keyset-cursor.ts';

/** The Relay connection arguments; a list that pages forward only declares just `first` and `after`. */
export type PageArguments = {
  first?: number | null | undefined;
  last?: number | null | undefined;
  after?: string | null | undefined;
  before?: string | null | undefined;
};

/** Which rows of a newest-first list one page reads: `size` rows from the `from` end of the window between the cursors. */
export type PageRequest = {
  size: number;
  from: 'newest' | 'oldest';
  after: KeysetPosition | undefined;
  before: KeysetPosition | undefined;
};

export type PageSizes = { maxPageSize: number; defaultPageSize: number };

export const isUuid = (id: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** Household ids are text (UUIDs from the signup, fixed ids from seeds); any short id without NUL is one. */
export const isTextId = (id: string): boolean => id.length > 0 && id.length <= 200 && !id.includes('\u0000');

/** `isId` says what an id of that list looks like, so a forged cursor never reaches SQL as a bad value. */
export const decodeCursor = (cursor: string, argument: 'after' | 'before', isId: (id: string) => boolean): KeysetPosition => {
  const position = parseKeysetCursor(cursor, isId);
  if (position === null) {
    throw invalidInputError(`${argument} is not a cursor this service issued.`);
  }

  return position;
};

const checkSize = (name: 'first' | 'last', size: number, sizes: PageSizes): number => {
  if (size < 1 || size > sizes.maxPageSize) {
    throw invalidInputError(`${name} must be between 1 and ${sizes.maxPageSize}.`);
  }

  return size;
};

/**
 * The connection arguments as a window of the newest-first list: `first` reads from the newest end
 * of the window, `last` from its oldest end, and with neither a forward page of the default size is
 * read. The checks run before any cursor is decoded, so a request with several faults is always
 * refused for the same one. An empty cursor is taken as none.
 */
export const readPageArguments = (args: PageArguments, sizes: PageSizes, isId: (id: string) => boolean): PageRequest => {
  const { first, last } = args;
  if (first != null && last != null) {
    throw invalidInputError('Pass first or last, not both.');
  }

  return {
    size: last != null ? checkSize('last', last, sizes) : checkSize('first', first ?? sizes.defaultPageSize, sizes),
    from: last != null ? 'oldest' : 'newest',
    after: args.after ? decodeCursor(args.after, 'after', isId) : undefined,
    before: args.before ? decodeCursor(args.before, 'before', isId) : undefined,
  };
};
