import { describe, expect, it } from 'vitest';
import { accuracySentence, clockTime, lateness } from './eta-format.ts';

describe('clockTime', () => {
  it("shows an instant on the route's clock (UTC), 24-hour", () => {
    expect(clockTime('2026-11-24T07:18:40Z')).toBe('07:18');
    expect(clockTime('2026-11-24T15:05:00.000Z')).toBe('15:05');
    expect(clockTime(null)).toBe('—');
    expect(clockTime('soon')).toBe('—');
  });

  it("shows an instant on the tenant's clock, summer time included", () => {
    expect(clockTime('2026-11-24T12:15:00Z', 'America/New_York')).toBe('07:15');
    expect(clockTime('2026-07-01T11:15:00Z', 'America/New_York')).toBe('07:15');
    expect(clockTime('2026-11-25T03:30:00Z', 'America/New_York')).toBe('22:30');
  });
});

describe('lateness', () => {
  it('says late, early or on time', () => {
    expect(lateness(0)).toBe('On time');
    expect(lateness(4)).toBe('4 min late');
    expect(lateness(-2)).toBe('2 min early');
    expect(lateness(null)).toBe('—');
  });
});

describe('accuracySentence', () => {
  it('counts arrivals within 2 minutes, or says there are none yet', () => {
    expect(accuracySentence({ arrivals: 20, within_2_minutes: 18, share: 0.9 })).toBe('18 of 20 within 2 minutes (90%)');
    expect(accuracySentence({ arrivals: 0, within_2_minutes: 0, share: null })).toBe('no arrivals measured yet');
  });
});
