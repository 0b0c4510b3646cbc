/**
 * A Server-Sent Events body as an async iterable the REST adapter pipes to the response. Events
 * are queued as they come; the adapter takes them as the client reads. Closing the connection
 * calls `return()`, which runs `onClose` at once (not at the next event), so a viewer's
 * subscription ends with its connection.
 */
export type EventStream = AsyncIterable<string> & {
  /** Queues one event; `id` becomes the `id:` line a reconnecting client sends back as Last-Event-ID. */
  send(event: string, data: unknown, id?: string): void;
  /** Queues an event already written with `formatEvent` (one text for every viewer of the same position). */
  sendFormatted(text: string): void;
  /** A comment line: keeps proxies and the client from taking a quiet stream for a dead one. */
  comment(text: string): void;
  end(): void;
};

/** A viewer this far behind is cut off; it reconnects with Last-Event-ID and gets the latest positions. */
const MAX_QUEUED = 1_000;

export const formatEvent = (event: string, data: unknown, id?: string): string => `event: ${event}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`;

export const createEventStream = (options: { keepAliveMs: number; retryMs: number; onClose: () => void }): EventStream => {
  const queue: string[] = [`retry: ${options.retryMs}\n\n`];
  let waiting: ((result: IteratorResult<string>) => void) | null = null;
  let done = false;

  /** No more events: the listener goes now, the iterator ends once the queue is sent. */
  const finish = () => {
    if (done) {
      return;
    }
    done = true;
    clearInterval(keepAlive);
    options.onClose();
    if (waiting) {
      const resolve = waiting;
      waiting = null;
      resolve({ value: undefined, done: true });
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

  const keepAlive = setInterval(() => push(': keep-alive\n\n'), options.keepAliveMs);
  keepAlive.unref();

  const iterator: AsyncIterator<string> = {
    next: () => {
      const chunk = queue.shift();
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

      return Promise.resolve({ value: undefined, done: true });
    },
  };

  return {
    [Symbol.asyncIterator]: () => iterator,
    send: (event, data, id) => push(formatEvent(event, data, id)),
    sendFormatted: push,
    comment: (text) => push(`: ${text.replace(/[\r\n]+/g, ' ')}\n\n`),
    // Whatever is queued is still sent; the iterator ends after it.
    end: finish,
  };
};
