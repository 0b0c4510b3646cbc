import { Readable, Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PositionMessage } from '@switchyard/db/transport/live/positions';
import { createLiveHub } from './live-hub.ts';
import type { FeedListener, PositionFeed } from './position-feed.ts';

const WINDOW_MS = 50;
const tenantId = 'tenant-a';
const position = (busId: string, atMs: number, lat = 32): PositionMessage => ({
  tenant_id: tenantId,
  bus_id: busId,
  lat,
  lng: -81.1,
  heading: null,
  speed: null,
  at_ms: atMs,
});

/** A feed without a database: what `store` would hand every stream of the tenant, handed at once. */
const fakeFeed = () => {
  const listeners = new Set<FeedListener>();
  const feed: PositionFeed = {
    store: async () => ({ drivesActiveRoute: false }),
    subscribe: (_tenantId, listener) => {
      listeners.add(listener);

      return () => listeners.delete(listener);
    },
    listeners: () => listeners.size,
    close: async () => undefined,
  };

  return {
    feed,
    publish: (message: PositionMessage) => listeners.forEach((listener) => listener({ kind: 'position', position: message })),
  };
};
// The windows and keep-alives run on timers: the tests step a fake clock instead of waiting.
const tick = (ms: number) => vi.advanceTimersByTimeAsync(ms);

/** The events of chunks of `text/event-stream`, with the chunk each arrived in. */
const eventsOf = (chunks: string[]) =>
  chunks.flatMap((chunk, index) =>
    chunk
      .split('\n\n')
      .filter((block) => block.startsWith('event: location'))
      .map((block) => ({
        chunk: index,
        id: /^id: (.*)$/m.exec(block)?.[1],
        data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as { bus_id: string; lat: number },
      })),
  );

const openHub = () => {
  const { feed, publish } = fakeFeed();
  const hub = createLiveHub(feed, 60_000, WINDOW_MS);
  const stream = hub.open({ tenantId, accept: () => true, resync: async () => [], onError: () => undefined });

  return { feed, publish, hub, stream };
};

describe('live hub', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the positions of one window as one write, the latest of each bus, each event with its id', async () => {
    const { publish, hub, stream } = openHub();
    const written: string[] = [];
    const socket = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        written.push(chunk.toString());
        done();
      },
    });
    const piping = new Promise((resolve) => Readable.from(stream.events, { highWaterMark: 1 }).pipe(socket).on('finish', resolve));
    await tick(10);
    const before = written.length;
    for (let step = 1; step <= 5; step += 1) {
      publish(position('bus-1', 1_000 + step, 32 + step / 1000));
      publish(position('bus-2', 1_000 + step, 33 + step / 1000));
    }
    // One window later, everything gathered went out, as one write.
    await tick(WINDOW_MS);
    const after = written.slice(before);
    expect(after).toHaveLength(1);
    expect(eventsOf(after)).toEqual([
      { chunk: 0, id: '1005', data: expect.objectContaining({ bus_id: 'bus-1', lat: 32.005 }) },
      { chunk: 0, id: '1005', data: expect.objectContaining({ bus_id: 'bus-2', lat: 33.005 }) },
    ]);
    // An older position of a bus than one already sent is never sent.
    publish(position('bus-1', 1_004, 31));
    publish(position('bus-1', 1_010, 32.01));
    await tick(WINDOW_MS * 3);
    expect(eventsOf(written.slice(before + 1)).map((event) => [event.id, event.data.lat])).toEqual([['1010', 32.01]]);
    hub.endAll();
    await piping;
  });

  it('keeps at most one position per bus for a viewer whose connection does not drain', async () => {
    const { feed, publish, hub, stream } = openHub();
    const written: string[] = [];
    // A socket that takes its first chunks and then never drains: the client stopped reading.
    const socket = new Writable({
      highWaterMark: 64,
      write: (chunk: Buffer, _encoding, done) => {
        written.push(chunk.toString());
        if (written.length < 2) {
          done();
        }
      },
    });
    Readable.from(stream.events, { highWaterMark: 1 }).pipe(socket);
    const buses = ['bus-1', 'bus-2', 'bus-3'];
    let atMs = 1_000;
    let mostPending = 0;
    for (let round = 0; round < 200; round += 1) {
      for (const busId of buses) {
        atMs += 1;
        publish(position(busId, atMs, 32 + round / 1000));
      }
      if (round % 20 === 0) {
        await tick(WINDOW_MS + 10);
      }
      await tick(0);
      mostPending = Math.max(mostPending, stream.events.pending());
    }
    await tick(WINDOW_MS * 2);
    // 600 positions were published; the viewer holds the latest of each of its 3 buses, the socket a few chunks.
    expect(mostPending).toBeLessThanOrEqual(buses.length);
    expect(stream.events.pending()).toBe(buses.length);
    expect(written.length).toBeLessThanOrEqual(2);
    expect(socket.writableLength).toBeLessThan(10_000);
    expect(feed.listeners()).toBe(1);
    hub.endAll();
    expect(feed.listeners()).toBe(0);
  });
});
