import { describe, expect, it } from 'vitest';
import { lastEventTime } from './last-event-id.ts';

const now = new Date('2026-11-27T12:00:00.000Z');

describe('lastEventTime', () => {
  it('reads a past position time in milliseconds, and now itself', () => {
    expect(lastEventTime('1764244800000', now)).toEqual(new Date(1764244800000));
    expect(lastEventTime(` ${now.getTime()} `, now)).toEqual(now);
    expect(lastEventTime('0', now)).toEqual(new Date(0));
  });

  it('treats a time after now as no id: a moment ahead, past year 9999, past what a date holds', () => {
    expect(lastEventTime(String(now.getTime() + 1), now)).toBeNull();
    expect(lastEventTime('253402300800000', now)).toBeNull();
    expect(lastEventTime('999999999999999', now)).toBeNull();
  });

  it('treats anything but a whole number of milliseconds as no id', () => {
    for (const header of [null, '', 'abc', '-5', '1.5', '1e12', '0x10', '1234567890123456']) {
      expect(lastEventTime(header, now)).toBeNull();
    }
  });
});
