import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, instantInZone, localDateOf, localTimeOf } from './time-zone.ts';

const NY = 'America/New_York';

describe('tenant time zones', () => {
  it('knows IANA names and refuses the rest', () => {
    expect(canonicalTimeZone('America/New_York')).toBe('America/New_York');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeNull();
    expect(canonicalTimeZone('+05:00')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
    expect(canonicalTimeZone('America/New York')).toBeNull();
  });

  it('reads a local time as an instant in winter and in summer', () => {
    expect(instantInZone('2026-01-15', '07:15', NY)).toEqual(new Date('2026-01-15T12:15:00Z'));
    expect(instantInZone('2026-07-15', '07:15', NY)).toEqual(new Date('2026-07-15T11:15:00Z'));
    expect(instantInZone('2026-07-15', '07:15', 'UTC')).toEqual(new Date('2026-07-15T07:15:00Z'));
    expect(instantInZone('2026-07-15', '07:15', 'Asia/Kolkata')).toEqual(new Date('2026-07-15T01:45:00Z'));
  });

  it('on the day clocks go forward (America/New_York 2026-03-08)', () => {
    expect(instantInZone('2026-03-08', '01:30', NY)).toEqual(new Date('2026-03-08T06:30:00Z'));
    // 02:30 never happens that night: it is read as 03:30 EDT.
    expect(instantInZone('2026-03-08', '02:30', NY)).toEqual(new Date('2026-03-08T07:30:00Z'));
    expect(instantInZone('2026-03-08', '03:00', NY)).toEqual(new Date('2026-03-08T07:00:00Z'));
    expect(instantInZone('2026-03-08', '07:15', NY)).toEqual(new Date('2026-03-08T11:15:00Z'));
    expect(localTimeOf(new Date('2026-03-08T06:59:00Z'), NY)).toBe('01:59');
    expect(localTimeOf(new Date('2026-03-08T07:00:00Z'), NY)).toBe('03:00');
  });

  it('on the day clocks go back (America/New_York 2026-11-01)', () => {
    // 01:30 happens twice: the first (EDT) one is taken.
    expect(instantInZone('2026-11-01', '01:30', NY)).toEqual(new Date('2026-11-01T05:30:00Z'));
    expect(instantInZone('2026-11-01', '00:30', NY)).toEqual(new Date('2026-11-01T04:30:00Z'));
    expect(instantInZone('2026-11-01', '07:15', NY)).toEqual(new Date('2026-11-01T12:15:00Z'));
    expect(localTimeOf(new Date('2026-11-01T05:30:00Z'), NY)).toBe('01:30');
    expect(localTimeOf(new Date('2026-11-01T06:30:00Z'), NY)).toBe('01:30');
    expect(localTimeOf(new Date('2026-11-01T12:15:00Z'), NY)).toBe('07:15');
  });

  it('the local day differs from the UTC day near midnight', () => {
    expect(localDateOf(new Date('2026-11-24T03:30:00Z'), NY)).toBe('2026-11-23');
    expect(localDateOf(new Date('2026-11-24T05:00:00Z'), NY)).toBe('2026-11-24');
    expect(localDateOf(new Date('2026-11-24T03:30:00Z'), 'UTC')).toBe('2026-11-24');
    expect(localDateOf(new Date('2026-11-23T23:30:00Z'), 'Pacific/Auckland')).toBe('2026-11-24');
    expect(localTimeOf(new Date('2026-11-24T00:05:00Z'), 'UTC')).toBe('00:05');
  });

  it('round-trips every quarter hour of both change days', () => {
    for (const date of ['2026-03-08', '2026-11-01']) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
        const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        const at = instantInZone(date, time, NY);
        if (!(date === '2026-03-08' && time >= '02:00' && time < '03:00')) {
          expect([localDateOf(at, NY), localTimeOf(at, NY)]).toEqual([date, time]);
        }
      }
    }
  });
});
