import { describe, expect, it } from 'vitest';
import { findNulCharacter, nulCharacterProblem } from './nul-characters.ts';

describe('findNulCharacter', () => {
  it('finds nothing in ordinary input', () => {
    expect(findNulCharacter(undefined)).toBeNull();
    expect(findNulCharacter(null)).toBeNull();
    expect(findNulCharacter(42)).toBeNull();
    expect(findNulCharacter('plain text, even \u0001 and \\u0000 as six characters')).toBeNull();
    expect(findNulCharacter({ parent: { name: 'Ann' }, children: [{ name: 'Kim', riders: ['a', { b: 'c' }] }] })).toBeNull();
  });

  it('names where the first NUL is, in strings, object keys and lists', () => {
    expect(findNulCharacter('a\u0000')).toBe('input');
    expect(findNulCharacter({ parent: { name: 'An\u0000n' } })).toBe('parent.name');
    expect(findNulCharacter({ children: [{ name: 'ok' }, { school: '\u0000' }] })).toBe('children.1.school');
    expect(findNulCharacter({ details: { 'k\u0000ey': 1 } })).toBe('details');
  });

  it('walks input nested far deeper than a call stack would allow', () => {
    const nest = (leaf: string): unknown => {
      let deep: unknown = leaf;
      for (let level = 0; level < 100_000; level += 1) {
        deep = [deep];
      }

      return deep;
    };
    expect(findNulCharacter(nest('x'))).toBeNull();
    expect(findNulCharacter(nest('x\u0000'))).toMatch(/^0(\.0)+$/);
  });
});

describe('nulCharacterProblem', () => {
  it('says which field holds the character', () => {
    expect(nulCharacterProblem('parent.name')).toBe('parent.name must not contain NUL characters');
  });
});
