import { describe, expect, it } from 'vitest';
import { GraphQLError } from '../../graphql-common/graphql-js.ts';
import { decodeCursor, encodeCursor, isTextId, isUuid, readPageArguments } from './page-arguments.ts';

const ROW = { key_created_at: '2026-03-05T10:00:00.123456Z', id: '0f8f2a4e-0000-4000-8000-000000000001' };

const refusal = (run: () => unknown): GraphQLError => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(GraphQLError);

    return error as GraphQLError;
  }
  throw new Error('expected a refusal');
};

describe('readPageArguments', () => {
  it('reads 20 rows from the start when nothing is given, and an empty cursor as none', () => {
    expect(readPageArguments({}, isUuid)).toEqual({ size: 20, after: undefined });
    expect(readPageArguments({ first: null, after: '' }, isUuid)).toEqual({ size: 20, after: undefined });
  });

  it('accepts 1 to 100 and refuses the rest', () => {
    expect(readPageArguments({ first: 1 }, isUuid).size).toBe(1);
    expect(readPageArguments({ first: 100 }, isUuid).size).toBe(100);
    for (const first of [0, -1, 101]) {
      const error = refusal(() => readPageArguments({ first }, isUuid));
      expect(error.extensions.code).toBe('validation_error');
      expect(error.message).toBe('first must be between 1 and 100.');
    }
  });

  it('round-trips a cursor and refuses one it did not issue', () => {
    expect(readPageArguments({ after: encodeCursor(ROW) }, isUuid).after).toEqual({ createdAt: ROW.key_created_at, id: ROW.id });
    for (const forged of ['bm90LWEtY3Vyc29y', encodeCursor({ ...ROW, id: 'not-a-uuid' }), encodeCursor({ ...ROW, key_created_at: '2026-03-05' })]) {
      expect(refusal(() => decodeCursor(forged, isUuid)).message).toBe('after is not a cursor this service issued.');
    }
    expect(decodeCursor(encodeCursor({ ...ROW, id: '5eed-household' }), isTextId).id).toBe('5eed-household');
  });
});
