import type { ClaimKey, ClaimPageRow, ClaimPageWindow } from '@switchyard/db/claims/reporting-reads';
import { invalidInputError } from './graphql-errors.ts';
import { GRAPHQL_LIMITS } from './limits.ts';

/** Cursors are opaque to callers: the row's position in newest-first order, base64url-encoded. */
export const encodeCursor = (row: ClaimPageRow): string =>
  Buffer.from(JSON.stringify([row.key_created_at, row.id])).toString('base64url');

export const decodeCursor = (cursor: string, argument: 'after' | 'before'): ClaimKey => {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === 'string' &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(parsed[0]) &&
      !Number.isNaN(Date.parse(parsed[0])) &&
      typeof parsed[1] === 'string' &&
      /^[0-9a-f-]{36}$/i.test(parsed[1])
    ) {
      return { createdAt: parsed[0], id: parsed[1] };
    }
  } catch {
    // Falls through to the one answer for every malformed cursor.
  }
  throw invalidInputError(`${argument} is not a cursor this service issued.`);
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
