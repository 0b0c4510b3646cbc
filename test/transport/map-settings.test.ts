import { afterEach, describe, expect, it } from 'vitest';
import { startTestTransport, type TestTransport } from '../support/transport-server.ts';

let transport: TestTransport | undefined;
afterEach(async () => {
  await transport?.close();
  transport = undefined;
});

const mapSettings = async (url: string) => {
  const response = await fetch(`${url}/trpc/operations.mapSettings`);

  return {
    status: response.status,
    csp: response.headers.get('content-security-policy') ?? '',
    body: (await response.json()) as { result: { data: unknown } },
  };
};

const imageSources = (csp: string) => /img-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];

describe('the web map settings (tRPC operations.mapSettings)', () => {
  it('default to OpenStreetMap tiles with their attribution, and the page may load images from there only', async () => {
    transport = await startTestTransport();
    const answer = await mapSettings(transport.url);
    expect(answer.status).toBe(200);
    expect(answer.body.result.data).toEqual({
      tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      geocoder: true,
    });
    expect(imageSources(answer.csp)).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
    expect(answer.csp).toContain("default-src 'self'");
  });

  it('follow MAP_TILE_URL and MAP_TILE_ATTRIBUTION; a {s} subdomain is allowed as a wildcard', async () => {
    transport = await startTestTransport({
      MAP_TILE_URL: 'https://{s}.tiles.example.com/osm/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '© Example Maps',
    });
    const answer = await mapSettings(transport.url);
    expect(answer.body.result.data).toEqual({
      tile_url: 'https://{s}.tiles.example.com/osm/{z}/{x}/{y}.png',
      attribution: '© Example Maps',
      geocoder: true,
    });
    expect(imageSources(answer.csp)).toContain('https://*.tiles.example.com');
    expect(imageSources(answer.csp)).not.toContain('https://tile.openstreetmap.org');
  });

  it('MAP_TILE_URL=off: no tiles and no outside image source', async () => {
    transport = await startTestTransport({ MAP_TILE_URL: 'off' });
    const answer = await mapSettings(transport.url);
    expect(answer.body.result.data).toEqual({ tile_url: null, attribution: '© OpenStreetMap contributors', geocoder: true });
    expect(imageSources(answer.csp)).toEqual(["'self'", 'data:', 'blob:']);
  });
});
