import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { homeAreaInput, homeAreaOfPoints, homeAreaSettingsInput, searchAreaOf, tenantHomeArea } from './home-area.ts';

describe('homeAreaOfPoints', () => {
  it('opens in the middle of the stops, closer the nearer they are', () => {
    expect(homeAreaOfPoints([])).toBeNull();
    expect(homeAreaOfPoints([{ lat: 32, lng: -81 }])).toEqual({ lat: 32, lng: -81, zoom: 14 });
    const town = homeAreaOfPoints([
      { lat: 32.0, lng: -81.1 },
      { lat: 32.1, lng: -81.0 },
    ]);
    const county = homeAreaOfPoints([
      { lat: 31.5, lng: -81.5 },
      { lat: 32.5, lng: -80.5 },
    ]);
    expect(town).toMatchObject({ lat: 32.05, lng: -81.05 });
    expect(town!.zoom).toBeGreaterThan(county!.zoom);
  });

  it('keeps the centre inside the points and the zoom in range', () => {
    const point = fc.record({ lat: fc.double({ min: -89, max: 89, noNaN: true }), lng: fc.double({ min: -179, max: 179, noNaN: true }) });
    fc.assert(
      fc.property(fc.array(point, { minLength: 1, maxLength: 20 }), (points) => {
        const area = homeAreaOfPoints(points)!;
        expect(area.lat).toBeGreaterThanOrEqual(Math.min(...points.map((p) => p.lat)));
        expect(area.lat).toBeLessThanOrEqual(Math.max(...points.map((p) => p.lat)));
        expect(homeAreaInput.safeParse(area).success).toBe(true);
      }),
    );
  });
});

describe('tenantHomeArea', () => {
  it('prefers the setting, then the stops, else nothing', () => {
    const stops = [{ lat: 10, lng: 10 }];
    expect(tenantHomeArea({ lat: 1, lng: 2, zoom: 12 }, stops)).toEqual({ lat: 1, lng: 2, zoom: 12, source: 'set' });
    expect(tenantHomeArea(null, stops)).toMatchObject({ lat: 10, lng: 10, source: 'stops' });
    expect(tenantHomeArea(null, [])).toBeNull();
  });
});

describe('homeAreaSettingsInput', () => {
  it('takes a point and zoom, or null, and nothing else', () => {
    expect(homeAreaSettingsInput.safeParse({ home_area: { lat: 32, lng: -81, zoom: 12 } }).success).toBe(true);
    expect(homeAreaSettingsInput.safeParse({ home_area: null }).success).toBe(true);
    expect(homeAreaSettingsInput.safeParse({ home_area: { lat: 95, lng: -81, zoom: 12 } }).success).toBe(false);
    expect(homeAreaSettingsInput.safeParse({ home_area: { lat: 32, lng: -81, zoom: 30 } }).success).toBe(false);
    expect(homeAreaSettingsInput.safeParse({ home_area: { lat: 32, lng: -81, zoom: 12, name: 'x' } }).success).toBe(false);
  });
});

describe('searchAreaOf', () => {
  it('is a box around home, clipped to the globe', () => {
    expect(searchAreaOf(null)).toBeNull();
    expect(searchAreaOf({ lat: 89.9, lng: 179.9, zoom: 10 })).toMatchObject({ north: 90, east: 180 });
  });
});
