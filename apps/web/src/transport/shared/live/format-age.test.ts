import { describe, expect, it } from 'vitest';
import { busSummary } from './bus-summary.ts';
import { formatAge, isStale } from './format-age.ts';

const NOW = Date.parse('2026-11-24T08:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('formatAge', () => {
  it('reads seconds, minutes, hours and days', () => {
    expect(formatAge(ago(3_000), NOW)).toBe('just now');
    expect(formatAge(ago(45_000), NOW)).toBe('45 s ago');
    expect(formatAge(ago(60_000), NOW)).toBe('1 min ago');
    expect(formatAge(ago(2 * 60_000 + 59_000), NOW)).toBe('2 min ago');
    expect(formatAge(ago(60 * 60_000), NOW)).toBe('1 h ago');
    expect(formatAge(ago(65 * 60_000), NOW)).toBe('1 h 5 min ago');
    expect(formatAge(ago(24 * 3_600_000), NOW)).toBe('1 day ago');
    expect(formatAge(ago(3 * 24 * 3_600_000 + 5_000), NOW)).toBe('3 days ago');
  });

  it('takes a time ahead of the clock as now, and nothing or garbage as never', () => {
    expect(formatAge(new Date(NOW + 30_000).toISOString(), NOW)).toBe('just now');
    expect(formatAge(null, NOW)).toBe('never');
    expect(formatAge('yesterday-ish', NOW)).toBe('never');
  });
});

describe('isStale', () => {
  it('is true after 15 minutes and for no position at all', () => {
    expect(isStale(ago(14 * 60_000), NOW)).toBe(false);
    expect(isStale(ago(16 * 60_000), NOW)).toBe(true);
    expect(isStale(null, NOW)).toBe(true);
  });
});

describe('busSummary', () => {
  it('reads speed, heading and age, leaving out what the tracker did not send', () => {
    const bus = { id: 'B-1', lat: 32, lng: -81, heading: 179.6, speed: 22.4, last_update: ago(120_000) };
    expect(busSummary(bus, NOW)).toBe('22 km/h · heading 180° · 2 min ago');
    expect(busSummary({ ...bus, heading: null, speed: 0 }, NOW)).toBe('0 km/h · 2 min ago');
  });
});
