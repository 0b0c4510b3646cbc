import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';

/** One jam near the route, as TomTom's incident details answer it. */
const INCIDENT = {
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [-81.09, 32.04] },
  properties: {
    id: 'jam-1',
    iconCategory: 6,
    magnitudeOfDelay: 1,
    from: 'Abercorn St',
    to: 'DeRenne Ave',
    delay: 120,
    length: 900,
    events: [{ description: 'Slow traffic', code: 101 }],
  },
};

const FORECAST = {
  latitude: 32.02,
  longitude: -81.06,
  current: {
    temperature_2m: 68.4,
    relative_humidity_2m: 60,
    apparent_temperature: 67,
    is_day: 1,
    precipitation: 0,
    weather_code: 2,
    wind_speed_10m: 7.6,
    wind_direction_10m: 180,
  },
  daily: {
    time: ['2026-11-22'],
    weather_code: [2],
    temperature_2m_max: [74.1],
    temperature_2m_min: [55.3],
    precipitation_probability_max: [10],
    sunrise: ['2026-11-22T06:58'],
    sunset: ['2026-11-22T17:24'],
  },
};

const crc32 = (bytes: Buffer): number => {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
    }
  }

  return (crc ^ 0xffffffff) >>> 0;
};

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));

  return Buffer.concat([length, body, crc]);
};

/** A 256 px map tile: pale land with a darker line along two edges, so tiles read as a grid in screenshots. */
const TILE = (() => {
  const size = 256;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x += 1) {
      const edge = x === 0 || y === 0;
      row.set(edge ? [200, 208, 196] : [236, 240, 228], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);

  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
})();

/**
 * Stand-ins for the transport service's outside providers on one loopback port: TomTom traffic
 * (one moderate jam), Open-Meteo weather, Stripe checkout sessions and map tiles
 * (`/tiles/{z}/{x}/{y}.png`, each request counted), told apart by path.
 */
export const startFakeTransportProviders = async () => {
  const checkouts: string[] = [];
  const tiles = { served: 0 };
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    req.resume();
    req.on('end', () => {
      if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(path)) {
        tiles.served += 1;
        res.setHeader('Content-Type', 'image/png');
        res.end(TILE);

        return;
      }
      res.setHeader('Content-Type', 'application/json');
      if (path.startsWith('/traffic/services/5/incidentDetails')) {
        res.end(JSON.stringify({ incidents: [INCIDENT] }));
      } else if (path === '/v1/forecast') {
        res.end(JSON.stringify(FORECAST));
      } else if (path === '/v1/checkout/sessions') {
        const url = `https://checkout.stripe.test/pay/cs_test_${checkouts.length + 1}`;
        checkouts.push(url);
        res.end(JSON.stringify({ id: `cs_test_${checkouts.length}`, url }));
      } else {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: 'not faked' }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    checkouts,
    tiles,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
