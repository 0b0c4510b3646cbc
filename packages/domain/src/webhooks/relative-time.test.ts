import { describe, expect, it } from 'vitest';
import { alignColumns, formatAgo, parseSince } from './relative-time.ts';

const now = new Date('2026-11-24T12:00:00Z');

describe('terminal times', () => {
  it('reads durations back from now and dates, refuses the rest', () => {
    expect(parseSince('2h', now)?.toISOString()).toBe('2026-11-24T10:00:00.000Z');
    expect(parseSince('90s', now)?.toISOString()).toBe('2026-11-24T11:58:30.000Z');
    expect(parseSince('7d', now)?.toISOString()).toBe('2026-11-17T12:00:00.000Z');
    expect(parseSince('2026-11-20', now)?.toISOString()).toBe('2026-11-20T00:00:00.000Z');
    expect(parseSince('yesterday', now)).toBeNull();
    expect(parseSince('2h30', now)).toBeNull();
  });

  it('says how long ago', () => {
    expect(formatAgo(new Date('2026-11-24T11:59:59.500Z'), now)).toBe('just now');
    expect(formatAgo(new Date('2026-11-24T11:59:18Z'), now)).toBe('42s ago');
    expect(formatAgo(new Date('2026-11-24T09:00:00Z'), now)).toBe('3h ago');
    expect(formatAgo(new Date('2026-11-21T12:00:00Z'), now)).toBe('3d ago');
    expect(formatAgo(new Date('2026-11-24T12:05:00Z'), now)).toBe('in 5m');
  });

  it('aligns columns', () => {
    expect(
      alignColumns([
        ['ID', 'STATUS', 'ERROR'],
        ['a', 'delivered', ''],
        ['bbbb', 'failed', 'boom'],
      ]),
    ).toEqual(['ID    STATUS     ERROR', 'a     delivered', 'bbbb  failed     boom']);
  });
});
