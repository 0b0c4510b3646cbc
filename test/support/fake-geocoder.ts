import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeGeocoderMode = { kind: 'answer' } | { kind: 'slow'; delayMs: number } | { kind: 'fail'; status: number };

/**
 * A Nominatim stand-in on loopback: `/search?q=` answers the places whose label contains the
 * query (case folded), records each request with its headers, and can be made slow or failing.
 */
export const startFakeGeocoder = async (places: { display_name: string; lat: string; lon: string }[]) => {
  const requests: { url: URL; headers: IncomingHttpHeaders }[] = [];
  let mode: FakeGeocoderMode = { kind: 'answer' };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://geocoder');
    requests.push({ url, headers: req.headers });
    const current = mode;
    if (current.kind === 'fail') {
      res.writeHead(current.status, { 'Content-Type': 'application/json' }).end('{"error":"failed"}');
      return;
    }
    const query = (url.searchParams.get('q') ?? '').toLowerCase();
    const body = JSON.stringify(places.filter((place) => place.display_name.toLowerCase().includes(query)));
    const send = () => {
      if (!res.destroyed) {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
      }
    };
    if (current.kind === 'slow') {
      setTimeout(send, current.delayMs).unref();
    } else {
      send();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    setMode: (next: FakeGeocoderMode) => {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

export type FakeGeocoder = Awaited<ReturnType<typeof startFakeGeocoder>>;
