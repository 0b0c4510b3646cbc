import { describe, expect, it } from 'vitest';
import { GraphQLError } from './graphql-js.ts';
import { encodeKeysetCursor } from './keyset-cursor.ts';
import { decodeCursor, isTextId, isUuid, readPageArguments, type PageArguments } from './page-arguments.ts';

const SIZES = { maxPageSize: 100, defaultPageSize: 20 };
const read = (args: PageArguments) => readPageArguments(args, SIZES, isUuid);

const NEWER = { createdAt: '2026-03-05T10:00:00.123456Z', id: '0f8f2a4e-0000-4000-8000-000000000001' };
const OLDER = { createdAt: '2026-01-02T08:00:00.000000Z', id: '0f8f2a4e-0000-4000-8000-000000000002' };
const cursorOf = (key: { createdAt: string; id: string }) => encodeKeysetCursor({ key_created_at: key.createdAt, id: key.id });

const refusal = (args: PageArguments): GraphQLError => {
  try {
    read(args);
  } catch (error) {
    expect(error).toBeInstanceOf(GraphQLError);

    return error as GraphQLError;
  }
  throw new Error('expected a refusal');
};

describe('readPageArguments', () => {
  it('reads a forward page of the default size when no size is given', () => {
    expect(read({})).toEqual({ size: 20, from: 'newest', after: undefined, before: undefined });
    expect(read({ first: null, last: null, after: '', before: '' })).toEqual({
      size: 20,
      from: 'newest',
      after: undefined,
      before: undefined,
    });
  });

  it('reads first from the newest end and last from the oldest end of the window', () => {
    expect(read({ first: 5, after: cursorOf(NEWER) })).toEqual({ size: 5, from: 'newest', after: NEWER, before: undefined });
    expect(read({ last: 7, before: cursorOf(OLDER) })).toEqual({ size: 7, from: 'oldest', after: undefined, before: OLDER });
    expect(read({ last: 3, after: cursorOf(NEWER), before: cursorOf(OLDER) })).toEqual({
      size: 3,
      from: 'oldest',
      after: NEWER,
      before: OLDER,
    });
  });

  it('accepts both page sizes from 1 to 100', () => {
    for (const size of [1, 100]) {
      expect(read({ first: size }).size).toBe(size);
      expect(read({ last: size }).size).toBe(size);
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
    expect(decodeCursor(cursorOf(NEWER), 'before', isUuid)).toEqual(NEWER);
    expect(decodeCursor(cursorOf(OLDER), 'after', isUuid)).toEqual(OLDER);
  });
});

describe('ids in cursors', () => {
  const ROW = { key_created_at: '2026-03-05T10:00:00.123456Z', id: '0f8f2a4e-0000-4000-8000-000000000001' };

  it('refuses a cursor whose id is not one of the list, and takes one that is', () => {
    for (const forged of [encodeKeysetCursor({ ...ROW, id: 'not-a-uuid' }), encodeKeysetCursor({ ...ROW, key_created_at: '2026-03-05' })]) {
      expect(refusal({ after: forged }).message).toBe('after is not a cursor this service issued.');
    }
    expect(decodeCursor(encodeKeysetCursor({ ...ROW, id: '5eed-household' }), 'after', isTextId).id).toBe('5eed-household');
    expect(() => decodeCursor(encodeKeysetCursor({ ...ROW, id: '' }), 'after', isTextId)).toThrow(GraphQLError);
  });

  it('uses the sizes it is given', () => {
    expect(readPageArguments({}, { maxPageSize: 10, defaultPageSize: 3 }, isUuid).size).toBe(3);
    expect(() => readPageArguments({ first: 11 }, { maxPageSize: 10, defaultPageSize: 3 }, isUuid)).toThrow(
      'first must be between 1 and 10.',
    );
  });
});
