import { describe, expect, it } from 'vitest';
import { evaluateFilter, parseFilters, parseListFile, type FilterContext } from './filters.ts';

const payload = {
  action: 'opened',
  count: 4,
  labels: [{ name: 'bug' }, { name: 'urgent' }],
  tags: ['a', 'b'],
  pull_request: { title: 'Fix the thing', draft: false },
  sender: { login: 'octocat' },
  nothing: null,
};

const context = (overrides: Partial<FilterContext> = {}): FilterContext => ({
  payload,
  eventType: 'pull_request',
  headers: { 'x-custom': 'yes' },
  loadList: (path) => (path === 'allowed.txt' ? ['octocat', 'hubot'] : []),
  ...overrides,
});

const matches = (raw: unknown, ctx = context()): boolean => {
  const parsed = parseFilters(raw);
  if (!parsed.ok) {
    throw new Error(parsed.problem);
  }

  return parsed.filter === null || evaluateFilter(parsed.filter, ctx);
};

describe('route filters', () => {
  it('equals and not_equals are type-sensitive and handle missing fields', () => {
    expect(matches({ field: 'action', equals: 'opened' })).toBe(true);
    expect(matches({ field: 'count', equals: '4' })).toBe(false);
    expect(matches({ field: 'count', equals: 4 })).toBe(true);
    expect(matches({ field: 'absent', equals: 'x' })).toBe(false);
    expect(matches({ field: 'absent', not_equals: 'x' })).toBe(true);
    expect(matches({ field: 'action', not_equals: 'opened' })).toBe(false);
    expect(matches({ field: 'pull_request', equals: { draft: false, title: 'Fix the thing' } })).toBe(true);
  });

  it('contains looks into lists, object keys and text', () => {
    expect(matches({ field: 'tags', contains: 'b' })).toBe(true);
    expect(matches({ field: 'labels', contains: { name: 'bug' } })).toBe(true);
    expect(matches({ field: 'pull_request', contains: 'draft' })).toBe(true);
    expect(matches({ field: 'pull_request.title', contains: 'thing' })).toBe(true);
    expect(matches({ field: 'pull_request.title', contains: 'nope' })).toBe(false);
  });

  it('exists and missing tell a present null from an absent field', () => {
    expect(matches({ field: 'nothing', exists: true })).toBe(true);
    expect(matches({ field: 'absent', exists: true })).toBe(false);
    expect(matches({ field: 'absent', exists: false })).toBe(true);
    expect(matches({ field: 'absent', missing: true })).toBe(true);
    expect(matches({ field: 'nothing', missing: true })).toBe(false);
  });

  it('in, in_file and regex, with list indexes in paths', () => {
    expect(matches({ field: 'labels.1.name', in: ['urgent', 'critical'] })).toBe(true);
    expect(matches({ field: 'labels.5.name', in: ['urgent'] })).toBe(false);
    expect(matches({ field: 'sender.login', in_file: 'allowed.txt' })).toBe(true);
    expect(matches({ field: 'sender.login', in_file: 'other.txt' })).toBe(false);
    expect(matches({ field: 'pull_request.title', regex: '^Fix\\b' })).toBe(true);
    expect(matches({ field: 'count', regex: '^4$' })).toBe(true);
  });

  it('reads the event type, headers (any case) and explicit payload paths', () => {
    expect(matches({ field: 'event', equals: 'pull_request' })).toBe(true);
    expect(matches({ field: 'headers.X-Custom', equals: 'yes' })).toBe(true);
    expect(matches({ field: 'headers.X-Other', exists: true })).toBe(false);
    expect(matches({ field: 'payload.action', equals: 'opened' })).toBe(true);
  });

  it('groups with all, any and not, and a top-level list means all', () => {
    expect(
      matches([
        { field: 'action', equals: 'opened' },
        { field: 'count', equals: 4 },
      ]),
    ).toBe(true);
    expect(
      matches([
        { field: 'action', equals: 'opened' },
        { field: 'count', equals: 5 },
      ]),
    ).toBe(false);
    expect(
      matches({
        any: [
          { field: 'action', equals: 'closed' },
          { field: 'tags', contains: 'a' },
        ],
      }),
    ).toBe(true);
    expect(
      matches({
        any: [
          { field: 'action', equals: 'closed' },
          { field: 'tags', contains: 'z' },
        ],
      }),
    ).toBe(false);
    expect(matches({ not: { field: 'pull_request.draft', equals: true } })).toBe(true);
    expect(matches({ all: [{ not: { field: 'action', equals: 'opened' } }] })).toBe(false);
    expect(matches([])).toBe(true);
  });

  it('reports malformed filters instead of silently failing', () => {
    expect(parseFilters({ field: 'a' })).toMatchObject({ ok: false });
    expect(parseFilters({ field: 'a', regex: '(' })).toMatchObject({ ok: false, problem: expect.stringContaining('regex') });
    expect(parseFilters({ any: { field: 'a', equals: 1 } })).toMatchObject({ ok: false });
    expect(parseFilters('text')).toMatchObject({ ok: false });
  });

  it('parses in_file lists from JSON arrays, objects, scalars and plain lines', () => {
    expect(parseListFile('["a", 2]')).toEqual(['a', 2]);
    expect(parseListFile('{"x": 1, "y": 2}')).toEqual(['x', 'y']);
    expect(parseListFile('7')).toEqual([7]);
    expect(parseListFile('alice\n\n  bob  \r\n')).toEqual(['alice', 'bob']);
  });
});
