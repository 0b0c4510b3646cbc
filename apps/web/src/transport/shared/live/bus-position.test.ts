import { describe, expect, it } from 'vitest';
import { mergePositions, readLocationEvent, type BusPosition } from './bus-position.ts';

const bus = (id: string, lat: number, last_update: string | null): BusPosition => ({
  id,
  lat,
  lng: -81.1,
  heading: null,
  speed: null,
  last_update,
});

describe('readLocationEvent', () => {
  it('reads the location event data', () => {
    expect(
      readLocationEvent('{"bus_id":"B-1","lat":32.01,"lng":-81.1,"heading":90,"speed":25,"last_update":"2026-11-24T08:00:00Z"}'),
    ).toEqual({
      id: 'B-1',
      lat: 32.01,
      lng: -81.1,
      heading: 90,
      speed: 25,
      last_update: '2026-11-24T08:00:00Z',
    });
  });

  it('drops what cannot be drawn: bad JSON, no id, no or impossible coordinates', () => {
    for (const data of [
      'not json',
      'null',
      '{"lat":1,"lng":2}',
      '{"bus_id":"B","lat":null,"lng":2}',
      '{"bus_id":"B","lat":91,"lng":2}',
      '{"bus_id":"B","lat":"32","lng":2}',
    ]) {
      expect(readLocationEvent(data), data).toBeNull();
    }
    expect(readLocationEvent('{"bus_id":"B","lat":1,"lng":2,"heading":"north"}')?.heading).toBeNull();
  });
});

describe('mergePositions', () => {
  it('keeps the newer report of each bus and adds buses only the events know', () => {
    const listed = [bus('B-2', 1, '2026-11-24T08:00:00Z'), bus('B-1', 1, '2026-11-24T08:05:00Z')];
    const streamed = {
      'B-1': bus('B-1', 2, '2026-11-24T08:01:00Z'),
      'B-2': bus('B-2', 2, '2026-11-24T08:02:00Z'),
      'B-3': bus('B-3', 3, '2026-11-24T08:02:00Z'),
    };
    expect(mergePositions(listed, streamed).map((entry) => [entry.id, entry.lat])).toEqual([
      ['B-1', 1],
      ['B-2', 2],
      ['B-3', 3],
    ]);
  });
});
