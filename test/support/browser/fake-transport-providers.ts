import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

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
  current: { temperature_2m: 68.4, relative_humidity_2m: 60, apparent_temperature: 67, is_day: 1, precipitation: 0, weather_code: 2, wind_speed_10m: 7.6, wind_direction_10m: 180 },
  daily: { time: ['2026-11-22'], weather_code: [2], temperature_2m_max: [74.1], temperature_2m_min: [55.3], precipitation_probability_max: [10], sunrise: ['2026-11-22T06:58'], sunset: ['2026-11-22T17:24'] },
};

/**
 * Stand-ins for the transport service's outside providers on one loopback port: TomTom traffic
 * (one moderate jam), Open-Meteo weather and Stripe checkout sessions, told apart by path.
 */
export const startFakeTransportProviders = async () => {
  const checkouts: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    req.resume();
    req.on('end', () => {
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
