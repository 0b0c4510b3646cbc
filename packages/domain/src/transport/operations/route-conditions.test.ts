import { describe, expect, it } from 'vitest';
import { readIncidents, routeBbox, servesSchool, summarizeIncidents, toTrafficIncident } from './route-conditions.ts';

const incident = (iconCategory: number, magnitudeOfDelay: number) =>
  toTrafficIncident({ type: 'Feature', properties: { iconCategory, magnitudeOfDelay } });

describe('routeBbox', () => {
  it('pads the min/max of the stop coordinates by 0.01 degree, longitude first', () => {
    expect(
      routeBbox([
        { lat: 32.05, lng: -81.1 },
        { lat: 32.0, lng: -81.05 },
        { lat: null, lng: null },
      ]),
    ).toBe('-81.11,31.99,-81.04,32.06');
  });

  it('is null when no stop has coordinates', () => {
    expect(routeBbox([])).toBeNull();
    expect(routeBbox([{ lat: 32, lng: null }])).toBeNull();
  });

  it('stays inside the valid ranges at the edges of the map', () => {
    expect(routeBbox([{ lat: 90, lng: 180 }])).toBe('179.99,89.99,180,90');
  });
});

describe('summarizeIncidents', () => {
  it('is clear without incidents', () => {
    expect(summarizeIncidents([])).toBe('clear');
  });

  it('is moderate for a few minor incidents', () => {
    expect(summarizeIncidents([incident(6, 1), incident(9, 2)])).toBe('moderate');
  });

  it('is heavy for a major delay, a road closure, or five incidents', () => {
    expect(summarizeIncidents([incident(6, 3)])).toBe('heavy');
    expect(summarizeIncidents([incident(8, 0)])).toBe('heavy');
    expect(summarizeIncidents([1, 2, 3, 4, 5].map(() => incident(6, 1)))).toBe('heavy');
    expect(summarizeIncidents([1, 2, 3, 4].map(() => incident(6, 1)))).toBe('moderate');
  });
});

describe('readIncidents', () => {
  it('reduces TomTom features and joins event descriptions', () => {
    const [first] =
      readIncidents({
        incidents: [
          {
            type: 'Feature',
            properties: {
              id: 'abc',
              iconCategory: 1,
              magnitudeOfDelay: 2,
              from: 'A',
              to: 'B',
              delay: 120,
              length: 800,
              events: [{ description: 'Accident' }, { description: 'Queuing' }],
            },
          },
        ],
      }) ?? [];
    expect(first).toMatchObject({
      id: 'abc',
      category: 'accident',
      magnitude: 'moderate',
      description: 'Accident; Queuing',
      delay_seconds: 120,
      length_meters: 800,
    });
  });

  it('refuses a body without an incidents list', () => {
    expect(readIncidents({ error: 'x' })).toBeNull();
    expect(readIncidents('nope')).toBeNull();
  });
});

describe('servesSchool', () => {
  const stops = [
    { name: 'Oak St & 5th', address: '12 Oak St' },
    { name: 'Jefferson  Elementary', address: null },
  ];

  it('matches a stop by school name or address, ignoring case and spacing', () => {
    expect(servesSchool(stops, { name: 'jefferson elementary', address: null })).toBe(true);
    expect(servesSchool(stops, { name: 'Other', address: '12 OAK ST' })).toBe(true);
    expect(servesSchool(stops, { name: 'Other', address: null })).toBe(false);
  });
});
