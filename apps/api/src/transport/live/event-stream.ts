/**
 * A Server-Sent Events body as an async iterable the REST adapter pipes to the response. Events
 * are queued as they come; the adapter takes them as the client reads. Closing the connection
 * calls `return()`, which runs `onClose` at once (not at the next event), so a viewer's
 * subscription ends with its connection.
 *
 * Positions (`sendLatest`) are not queued one by one: they wait in a map keyed by bus for at most
 * `windowMs`, then go out as one chunk (one socket write for every position of the window, each
 * event still with its own `id:`). A newer position of a bus replaces the waiting one, so a viewer
 * whose connection does not drain holds at most one position per bus, never a growing backlog:
 * a map needs each bus's latest position, not the ones in between.
 */
export type EventStream = AsyncIterable<string> & {
  /** Queues one event; `id` becomes the `id:` line a reconnecting client sends back as Last-Event-ID. */
  send(event: string, data: unknown, id?: string): void;
  /** Queues an event already written with `formatEvent` (one text for every viewer of the same position). */
  sendFormatted(text: string): void;
  /**
   * An event written with `formatEvent` that replaces any still unsent one of the same `key` (a
   * bus): sent with the others of its window, or as soon as the client reads again.
   */
  sendLatest(key: string, text: string): void;
  /** Events waiting for the window or for the client to read (one per key at most). */
  pending(): number;
  /** A comment line: keeps proxies and the client from taking a quiet stream for a dead one. */
  comment(text: string): void;
  end(): void;
};

/** A viewer this far behind is cut off; it reconnects with Last-Event-ID and gets the latest positions. */
const MAX_QUEUED = 1_000;

export const formatEvent = (event: string, data: unknown, id?: string): string =>
  `event: ${event}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`;

export const createEventStream = (options: {
  keepAliveMs: number;
  retryMs: number;
  windowMs: number;
  onClose: () => void;
}): EventStream => {
  const queue: string[] = [`retry: ${options.retryMs}\n\n`];
  // Insertion order is arrival order (a replaced entry moves to the end), so the last event of a
  // chunk carries the newest time, which is what the client sends back as Last-Event-ID.
  const latest = new Map<string, string>();
  let waiting: ((result: IteratorResult<string>) => void) | null = null;
  let windowTimer: NodeJS.Timeout | null = null;
  let done = false;

  const takeLatest = (): string => {
    const chunk = [...latest.values()].join('');
    latest.clear();

    return chunk;
  };

  /** No more events: the listener goes now, the iterator ends once the queue is sent. */
  const finish = () => {
    if (done) {
      return;
    }
    done = true;
    clearInterval(keepAlive);
    if (windowTimer) {
      clearTimeout(windowTimer);
      windowTimer = null;
    }
    if (latest.size > 0) {
      queue.push(takeLatest());
    }
    options.onClose();
    if (waiting) {
      const resolve = waiting;
      waiting = null;
      const chunk = queue.shift();
      resolve(chunk === undefined ? { value: undefined, done: true } : { value: chunk, done: false });
    }
  };

  const push = (chunk: string) => {
    if (done) {
      return;
    }
    if (waiting) {
      const resolve = waiting;
      waiting = null;
      resolve({ value: chunk, done: false });

      return;
    }
    if (queue.length >= MAX_QUEUED) {
      finish();

      return;
    }
    queue.push(chunk);
  };

  /**
   * The window is over: a client waiting for data gets the positions now. One that is not (its
   * connection is not draining) gets them when it reads again; until then they stay in the map.
   */
  const closeWindow = () => {
    windowTimer = null;
    if (waiting && latest.size > 0) {
      push(takeLatest());
    }
  };

  const keepAlive = setInterval(() => push(': keep-alive\n\n'), options.keepAliveMs);
  keepAlive.unref();

  const iterator: AsyncIterator<string> = {
    next: () => {
      const chunk = queue.shift() ?? (latest.size > 0 ? takeLatest() : undefined);
      if (chunk !== undefined) {
        return Promise.resolve({ value: chunk, done: false });
      }
      if (done) {
        return Promise.resolve({ value: undefined, done: true });
      }

      return new Promise((resolve) => {
        waiting = resolve;
      });
    },
    return: () => {
      finish();
      queue.length = 0;

      return Promise.resolve({ value: undefined, done: true });
    },
  };

  return {
    [Symbol.asyncIterator]: () => iterator,
    send: (event, data, id) => push(formatEvent(event, data, id)),
    sendFormatted: push,
    sendLatest: (key, text) => {
      if (done) {
        return;
      }
      latest.delete(key);
      latest.set(key, text);
      if (windowTimer === null) {
        windowTimer = setTimeout(closeWindow, options.windowMs);
      }
    },
    pending: () => latest.size,
    comment: (text) => push(`: ${text.replace(/[\r\n]+/g, ' ')}\n\n`),
    // Whatever is queued is still sent; the iterator ends after it.
    end: finish,
  };
};
