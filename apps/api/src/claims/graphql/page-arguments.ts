import type { ClaimKey, ClaimPageRow, ClaimPageWindow } from '@switchyard/db/claims/reporting-reads';
import { encodeKeysetCursor, parseKeysetCursor } from '../../graphql-common/keyset-cursor.ts';
import { invalidInputError } from './graphql-errors.ts';
import { GRAPHQL_LIMITS } from './limits.ts';

export const encodeCursor = (row: ClaimPageRow): string => encodeKeysetCursor(row);

const isUuid = (id: string): boolean => /^[0-9a-f-]{36}$/i.test(id);

export const decodeCursor = (cursor: string, argument: 'after' | 'before'): ClaimKey => {
  const position = parseKeysetCursor(cursor, isUuid);
  if (position === null) {
    throw invalidInputError(`${argument} is not a cursor this service issued.`);
  }

  return position;
};

export type PageArguments = {
  first?: number | null | undefined;
  last?: number | null | undefined;
  after?: string | null | undefined;
  before?: string | null | undefined;
};

export type PageRequest = Omit<ClaimPageWindow, 'filter'>;

const checkSize = (name: 'first' | 'last', size: number): number => {
  if (size < 1 || size > GRAPHQL_LIMITS.maxPageSize) {
    throw invalidInputError(`${name} must be between 1 and ${GRAPHQL_LIMITS.maxPageSize}.`);
  }

  return size;
};

/**
 * The Relay connection arguments as a window of the newest-first list: `first` reads from the
 * newest end of the window, `last` from its oldest end, and with neither a forward page of the
 * default size is read. The checks run before any cursor is decoded, so a request with several
 * faults is always refused for the same one.
 */
export const readPageArguments = (args: PageArguments): PageRequest => {
  const { first, last } = args;
  if (first != null && last != null) {
    throw invalidInputError('Pass first or last, not both.');
  }

  return {
    size: last != null ? checkSize('last', last) : checkSize('first', first ?? GRAPHQL_LIMITS.defaultPageSize),
    from: last != null ? 'oldest' : 'newest',
    // An empty cursor is taken as none, for after and before alike.
    after: args.after ? decodeCursor(args.after, 'after') : undefined,
    before: args.before ? decodeCursor(args.before, 'before') : undefined,
  };
};
