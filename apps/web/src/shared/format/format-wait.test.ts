import { describe, expect, it } from 'vitest';
import { formatWait } from './format-wait.ts';

describe('formatWait', () => {
  it('says seconds under a minute, never zero', () => {
    expect(formatWait(0)).toBe('1 second');
    expect(formatWait(1)).toBe('1 second');
    expect(formatWait(42)).toBe('42 seconds');
  });

  it('rounds up to whole minutes so the wait is always long enough', () => {
    expect(formatWait(60)).toBe('1 minute');
    expect(formatWait(61)).toBe('2 minutes');
    expect(formatWait(120)).toBe('2 minutes');
    expect(formatWait(3540)).toBe('59 minutes');
    expect(formatWait(3599)).toBe('1 hour');
  });

  it('says hours from an hour on', () => {
    expect(formatWait(3600)).toBe('1 hour');
    expect(formatWait(3601)).toBe('2 hours');
  });
});
