import { describe, expect, it } from 'vitest';
import { checkJsonBody, MAX_JSON_DEPTH } from './json-body-check.ts';

const check = (text: string) => checkJsonBody(Buffer.from(text, 'utf8'));
const nested = (depth: number) => `{"a":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

describe('checkJsonBody', () => {
  it('accepts ordinary payloads', () => {
    expect(check('{"a":[1,{"b":"x \\" [[[ \\\\"}],"c":true,"d":false,"e":-1.5e10,"f":null}')).toBeNull();
    expect(check('"just a string"')).toBeNull();
  });

  it('counts nesting outside strings only, up to the limit', () => {
    expect(check(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(check(nested(MAX_JSON_DEPTH + 1))).toBe('too deep');
    expect(check(`{"a":"${'['.repeat(1000)}"}`)).toBeNull();
    expect(check(`[${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}]`)).toBe('too deep');
  });

  it('refuses what PostgreSQL jsonb refuses: NUL, unpaired surrogates, numbers out of range', () => {
    expect(check('{"a":"x\\u0000"}')).toBe('nul character');
    expect(check('{"a":"\\ud800"}')).toBe('unpaired surrogate');
    expect(check('{"a":"\\uD800x"}')).toBe('unpaired surrogate');
    expect(check('{"a":"\\udc00"}')).toBe('unpaired surrogate');
    expect(check('{"a":"\\ud83d\\ude00 \\u00e9 \\\\u0000"}')).toBeNull();
    expect(check('{"a":1e999999}')).toBe('number out of range');
    expect(check('{"a":1E-1001}')).toBe('number out of range');
    expect(check('{"a":1e1000,"b":1e-1000}')).toBeNull();
    expect(check(`{"a":${'9'.repeat(1001)}}`)).toBe('number out of range');
    expect(check(`{"a":"${'9'.repeat(5000)}e99999"}`)).toBeNull();
  });

  it('stops without throwing on malformed input', () => {
    for (const text of ['{"a":"\\u', '{"a":"\\ud800\\u', '"\\', ']]]', '{"a":"unterminated']) {
      expect(() => check(text)).not.toThrow();
    }
  });
});
