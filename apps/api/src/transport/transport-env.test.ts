import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../env.ts';

const envWith = (values: Record<string, string>) => parseEnv({ NODE_ENV: 'test', DATA_DIR: '/tmp', ...values });

describe('TRANSPORT_PUBLIC_URL', () => {
  it('defaults to the local transport service', () => {
    expect(envWith({}).TRANSPORT_PUBLIC_URL).toBe('http://localhost:3002');
  });

  it('follows TRANSPORT_PORT when unset, so mailed links reach a service moved to another port', () => {
    expect(envWith({ TRANSPORT_PORT: '4002' }).TRANSPORT_PUBLIC_URL).toBe('http://localhost:4002');
    expect(envWith({ TRANSPORT_PORT: '4002', TRANSPORT_PUBLIC_URL: '' }).TRANSPORT_PUBLIC_URL).toBe('http://localhost:4002');
    expect(envWith({ TRANSPORT_PORT: '4002', TRANSPORT_PUBLIC_URL: 'https://buses.example.com' }).TRANSPORT_PUBLIC_URL).toBe(
      'https://buses.example.com',
    );
  });

  it('is kept without a trailing slash, so links can append a path', () => {
    expect(envWith({ TRANSPORT_PUBLIC_URL: 'https://buses.example.com/' }).TRANSPORT_PUBLIC_URL).toBe('https://buses.example.com');
    expect(envWith({ TRANSPORT_PUBLIC_URL: 'https://example.com/transport//' }).TRANSPORT_PUBLIC_URL).toBe('https://example.com/transport');
  });

  it('refuses anything but an http or https URL without query or fragment', () => {
    for (const value of [
      'buses.example.com',
      'ftp://buses.example.com',
      'https://buses.example.com/?x=1',
      'https://buses.example.com/#top',
    ]) {
      expect(() => envWith({ TRANSPORT_PUBLIC_URL: value }), value).toThrow(EnvError);
    }
  });
});

describe('MAP_TILE_URL', () => {
  it('defaults to the OpenStreetMap standard tiles; off means none', () => {
    expect(envWith({}).MAP_TILE_URL).toEqual({
      template: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      imageSource: 'https://tile.openstreetmap.org',
    });
    expect(envWith({ MAP_TILE_URL: '' }).MAP_TILE_URL?.template).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(envWith({ MAP_TILE_URL: 'off' }).MAP_TILE_URL).toBeNull();
  });

  it('names the origin the page may load tiles from, a {s} subdomain as a wildcard', () => {
    expect(envWith({ MAP_TILE_URL: 'http://127.0.0.1:8080/tiles/{z}/{x}/{y}.png' }).MAP_TILE_URL?.imageSource).toBe(
      'http://127.0.0.1:8080',
    );
    expect(envWith({ MAP_TILE_URL: 'https://{s}.tile.example.com/{z}/{x}/{y}@2x.png' }).MAP_TILE_URL?.imageSource).toBe(
      'https://*.tile.example.com',
    );
  });

  it('refuses a template without {z}, {x} and {y}, or not over http(s)', () => {
    for (const value of [
      'https://tile.example.com/{z}/{x}.png',
      'ftp://tile.example.com/{z}/{x}/{y}.png',
      'tile.example.com/{z}/{x}/{y}.png',
    ]) {
      expect(() => envWith({ MAP_TILE_URL: value }), value).toThrow(EnvError);
    }
  });
});

describe('GEOCODER_URL and GEOCODER_CONTACT', () => {
  it("default to OpenStreetMap's Nominatim; empty or off means no address search", () => {
    expect(envWith({}).GEOCODER_URL).toBe('https://nominatim.openstreetmap.org');
    expect(envWith({ GEOCODER_URL: '' }).GEOCODER_URL).toBeNull();
    expect(envWith({ GEOCODER_URL: 'off' }).GEOCODER_URL).toBeNull();
    expect(envWith({ GEOCODER_URL: 'http://127.0.0.1:8088' }).GEOCODER_URL).toBe('http://127.0.0.1:8088');
  });

  it('refuses anything but an http or https URL, and a contact that would break the User-Agent', () => {
    expect(() => envWith({ GEOCODER_URL: 'nominatim.example.com' })).toThrow(EnvError);
    expect(() => envWith({ GEOCODER_URL: 'ftp://nominatim.example.com' })).toThrow(EnvError);
    expect(() => envWith({ GEOCODER_CONTACT: 'ops@example.com)' })).toThrow(EnvError);
    expect(envWith({ GEOCODER_CONTACT: 'ops@example.com' }).GEOCODER_CONTACT).toBe('ops@example.com');
  });
});
