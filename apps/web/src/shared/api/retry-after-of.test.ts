import { describe, expect, it } from 'vitest';
import { retryAfterOf } from './retry-after-of.ts';

const answer = (headers: Record<string, string>) => ({ response: new Response(null, { status: 429, headers }) });

describe('retryAfterOf', () => {
  it('reads the seconds of a Retry-After header', () => {
    expect(retryAfterOf(answer({ 'Retry-After': '120' }))).toBe(120);
  });

  it('is undefined without a header, with a malformed one, or without a response', () => {
    expect(retryAfterOf(answer({}))).toBeUndefined();
    expect(retryAfterOf(answer({ 'Retry-After': 'soon' }))).toBeUndefined();
    expect(retryAfterOf(answer({ 'Retry-After': '' }))).toBeUndefined();
    expect(retryAfterOf(undefined)).toBeUndefined();
    expect(retryAfterOf({ response: 'not a response' })).toBeUndefined();
  });
});
