import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../json-body-check.ts';
import { findUnstorableInput, unstorableInputMessage } from './unstorable-input.ts';

const nest = (leaf: unknown, levels: number): unknown => {
  let deep: unknown = leaf;
  for (let level = 0; level < levels; level += 1) {
    deep = [deep];
  }

  return deep;
};

describe('findUnstorableInput', () => {
  it('finds nothing in ordinary input', () => {
    expect(findUnstorableInput(undefined)).toBeNull();
    expect(findUnstorableInput(null)).toBeNull();
    expect(findUnstorableInput(42)).toBeNull();
    expect(findUnstorableInput('plain text, even \u0001 and \\u0000 as six characters, and 😀 in a pair')).toBeNull();
    expect(findUnstorableInput({ parent: { name: 'Ann' }, children: [{ name: 'Kim', riders: ['a', { b: 'c' }] }] })).toBeNull();
  });

  it('names where the first NUL is, in strings, object keys and lists', () => {
    expect(findUnstorableInput('a\u0000')?.field).toBe('input');
    expect(findUnstorableInput({ parent: { name: 'An\u0000n' } })?.field).toBe('parent.name');
    expect(findUnstorableInput({ children: [{ name: 'ok' }, { school: '\u0000' }] })?.field).toBe('children.1.school');
    expect(findUnstorableInput({ details: { 'k\u0000ey': 1 } })?.field).toBe('details');
  });

  it('names an unpaired surrogate, high or low, in a string or a key', () => {
    expect(findUnstorableInput({ name: 'a\uD800b' })?.field).toBe('name');
    expect(findUnstorableInput({ name: '\uDC00' })?.field).toBe('name');
    expect(findUnstorableInput({ name: 'end\uD83D' })?.field).toBe('name');
    expect(findUnstorableInput({ data: { '\uDFFF': 1 } })?.field).toBe('data');
    expect(unstorableInputMessage(findUnstorableInput({ name: '\uDC00' })!)).toBe(
      'name must not contain an unpaired surrogate (invalid UTF-16)',
    );
  });

  it(`takes ${MAX_JSON_DEPTH} levels and refuses one more, naming the top-level field`, () => {
    // The input object itself is the first level, as `{` is in the webhook receiver's check.
    expect(findUnstorableInput({ details: nest(1, MAX_JSON_DEPTH - 1) })).toBeNull();
    expect(findUnstorableInput({ details: nest(1, MAX_JSON_DEPTH) })).toEqual({
      field: 'details',
      problem: `must not be nested deeper than ${MAX_JSON_DEPTH} levels`,
    });
    expect(findUnstorableInput(nest(1, MAX_JSON_DEPTH + 1))?.field).toBe('0');
  });

  it('walks input nested far deeper than a call stack would allow', () => {
    expect(findUnstorableInput({ data: nest('x', 100_000) })?.field).toBe('data');
  });
});

describe('unstorableInputMessage', () => {
  it('says which field holds the character', () => {
    expect(unstorableInputMessage(findUnstorableInput({ parent: { name: '\u0000' } })!)).toBe(
      'parent.name must not contain NUL characters',
    );
  });
});
