import { describe, expect, it } from 'vitest';
import type { ClaimPageRow } from '@switchyard/db/claims/reporting-reads';
import { GraphQLError } from '../../graphql-common/graphql-js.ts';
import { decodeCursor, encodeCursor, readPageArguments, type PageArguments } from './page-arguments.ts';

const NEWER = { createdAt: '2026-03-05T10:00:00.123456Z', id: '0f8f2a4e-0000-4000-8000-000000000001' };
const OLDER = { createdAt: '2026-01-02T08:00:00.000000Z', id: '0f8f2a4e-0000-4000-8000-000000000002' };
const cursorOf = (key: { createdAt: string; id: string }) => encodeCursor({ key_created_at: key.createdAt, id: key.id } as ClaimPageRow);

const refusal = (args: PageArguments): GraphQLError => {
  try {
    readPageArguments(args);
  } catch (error) {
    expect(error).toBeInstanceOf(GraphQLError);

    return error as GraphQLError;
  }
  throw new Error('expected a refusal');
};

describe('readPageArguments', () => {
  it('reads a forward page of the default size when no size is given', () => {
    expect(readPageArguments({})).toEqual({ size: 20, from: 'newest', after: undefined, before: undefined });
    expect(readPageArguments({ first: null, last: null, after: '', before: '' })).toEqual({
      size: 20,
      from: 'newest',
      after: undefined,
      before: undefined,
    });
  });

  it('reads first from the newest end and last from the oldest end of the window', () => {
    expect(readPageArguments({ first: 5, after: cursorOf(NEWER) })).toEqual({ size: 5, from: 'newest', after: NEWER, before: undefined });
    expect(readPageArguments({ last: 7, before: cursorOf(OLDER) })).toEqual({ size: 7, from: 'oldest', after: undefined, before: OLDER });
    expect(readPageArguments({ last: 3, after: cursorOf(NEWER), before: cursorOf(OLDER) })).toEqual({
      size: 3,
      from: 'oldest',
      after: NEWER,
      before: OLDER,
    });
  });

  it('accepts both page sizes from 1 to 100', () => {
    for (const size of [1, 100]) {
      expect(readPageArguments({ first: size }).size).toBe(size);
      expect(readPageArguments({ last: size }).size).toBe(size);
    }
  });

  it('refuses first and last together, before looking at anything else', () => {
    const error = refusal({ first: 5, last: 500, before: 'not-a-cursor' });

    expect(error.extensions.code).toBe('validation_error');
    expect(error.message).toBe('Pass first or last, not both.');
  });

  it('refuses last outside 1..100 as it refuses first', () => {
    for (const last of [0, -1, 101]) {
      const error = refusal({ last });
      expect(error.extensions.code).toBe('validation_error');
      expect(error.message).toBe('last must be between 1 and 100.');
    }
    expect(refusal({ first: 101 }).message).toBe('first must be between 1 and 100.');
  });

  it('refuses a malformed cursor, naming the argument', () => {
    const before = refusal({ last: 5, before: 'bm90LWEtY3Vyc29y' });
    expect(before.extensions.code).toBe('validation_error');
    expect(before.message).toBe('before is not a cursor this service issued.');

    const after = refusal({ after: Buffer.from(JSON.stringify(['2026-01-01T00:00:00Z', NEWER.id])).toString('base64url') });
    expect(after.message).toBe('after is not a cursor this service issued.');
  });
});

describe('cursors', () => {
  it('round-trip a row position', () => {
    expect(decodeCursor(cursorOf(NEWER), 'before')).toEqual(NEWER);
    expect(decodeCursor(cursorOf(OLDER), 'after')).toEqual(OLDER);
  });
});
