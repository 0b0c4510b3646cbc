import { describe, expect, it } from 'vitest';
import { clientActivityMark, elapsedLabel } from './client-activity.ts';

const now = new Date('2026-03-10T12:00:00Z');
const before = (ms: number) => new Date(now.getTime() - ms);

describe('client activity mark', () => {
  it('says how long ago the client wrote, in the coarsest unit', () => {
    expect(elapsedLabel(before(20_000), now)).toBe('just now');
    expect(elapsedLabel(before(5 * 60_000), now)).toBe('5 min ago');
    expect(elapsedLabel(before(59 * 60_000 + 59_000), now)).toBe('59 min ago');
    expect(elapsedLabel(before(2 * 3_600_000 + 10 * 60_000), now)).toBe('2 h ago');
    expect(elapsedLabel(before(3 * 86_400_000), now)).toBe('3 d ago');
    expect(clientActivityMark(before(2 * 3_600_000), now)).toBe('client replied 2 h ago');
  });

  it('treats a time a little ahead of the clock (skew between servers) as just now', () => {
    expect(elapsedLabel(new Date(now.getTime() + 5_000), now)).toBe('just now');
  });
});
