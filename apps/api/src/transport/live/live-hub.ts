import type { PositionMessage } from '@switchyard/db/transport/live/positions';
import type { FeedEvent, PositionFeed } from './position-feed.ts';
import { createEventStream, formatEvent, type EventStream } from './event-stream.ts';

/** What a client is told to wait before reconnecting after a dropped stream. */
const RETRY_MS = 3_000;

export type LiveHub = {
  feed: PositionFeed;
  /**
   * Opens a viewer's stream on one tenant's feed. `accept` decides per position (the family
   * stream's bus and time window); `resync` reads positions again after the feed lost some.
   * Positions a stream already sent something newer of, for the same bus, are skipped, so the
   * initial read and the live feed can overlap without moving a bus backwards.
   */
  open(options: {
    tenantId: string;
    accept: (position: PositionMessage) => boolean;
    resync: () => Promise<PositionMessage[]>;
    onError: (error: unknown) => void;
  }): LiveStream;
  /** Ends every open stream (the service is stopping); clients reconnect elsewhere with Last-Event-ID. */
  endAll(): void;
};

export type LiveStream = {
  events: EventStream;
  sendPosition(position: PositionMessage): void;
};

/** The event a viewer receives for a position: the bus's fields, and its time as the event id. */
export const positionEvent = (position: PositionMessage) => ({
  bus_id: position.bus_id,
  lat: position.lat,
  lng: position.lng,
  heading: position.heading,
  speed: position.speed,
  last_update: new Date(position.at_ms).toISOString(),
});

/**
 * `windowMs` (TRANSPORT_LIVE_WINDOW_MS): how long a viewer's positions gather before they go out
 * as one write. Each report would otherwise be one socket write per viewer.
 */
export const createLiveHub = (feed: PositionFeed, keepAliveMs: number, windowMs: number): LiveHub => {
  const open = new Set<EventStream>();
  // The feed hands every stream the same message: its event text is written once, not once per viewer.
  const formatted = new WeakMap<PositionMessage, string>();
  const eventOf = (position: PositionMessage): string => {
    let text = formatted.get(position);
    if (text === undefined) {
      text = formatEvent('location', positionEvent(position), String(position.at_ms));
      formatted.set(position, text);
    }

    return text;
  };

  return {
    feed,
    open: (options) => {
      const lastSent = new Map<string, number>();
      let unsubscribe = () => {};
      const events = createEventStream({
        keepAliveMs,
        retryMs: RETRY_MS,
        windowMs,
        onClose: () => {
          unsubscribe();
          open.delete(events);
        },
      });
      const sendPosition = (position: PositionMessage) => {
        if ((lastSent.get(position.bus_id) ?? -Infinity) >= position.at_ms || !options.accept(position)) {
          return;
        }
        lastSent.set(position.bus_id, position.at_ms);
        events.sendLatest(position.bus_id, eventOf(position));
      };
      const onFeed = (event: FeedEvent) => {
        if (event.kind === 'position') {
          sendPosition(event.position);

          return;
        }
        options.resync().then((positions) => positions.forEach(sendPosition), options.onError);
      };
      unsubscribe = feed.subscribe(options.tenantId, onFeed);
      open.add(events);

      return { events, sendPosition };
    },
    endAll: () => {
      for (const events of [...open]) {
        events.end();
      }
    },
  };
};
