import { createSseParser, type SseEvent } from './sse-parser.ts';

export type StreamState = 'connecting' | 'open' | 'unavailable';

type EventStreamOptions = {
  url: string;
  /** Asked again before every connection, so a new token or tenant is sent on the next one. */
  headers: () => Record<string, string>;
  onEvent: (event: SseEvent) => void;
  onState: (state: StreamState) => void;
  /** Every answer's status: a 401 ends the session wherever it surfaces. */
  onStatus?: (status: number) => void;
};

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/**
 * A server-sent event stream read with fetch, because EventSource cannot send the Authorization
 * header the API needs. A dropped connection is opened again after a growing pause (1 s up to
 * 30 s, or the server's `retry:`), sending `Last-Event-ID`. A 4xx answer other than 429 will not
 * change by asking again: the stream is reported unavailable (the page then polls) and not retried.
 * Returns a function that closes it for good.
 */
export const openEventStream = ({ url, headers, onEvent, onState, onStatus }: EventStreamOptions): (() => void) => {
  let closed = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastEventId: string | null = null;
  let retryMs = FIRST_RETRY_MS;
  let serverRetryMs: number | null = null;

  const connect = async () => {
    controller = new AbortController();
    onState('connecting');
    const parser = createSseParser(
      (event) => {
        lastEventId = event.id ?? lastEventId;
        onEvent(event);
      },
      (ms) => {
        serverRetryMs = ms;
      },
    );
    try {
      const response = await fetch(url, {
        headers: { Accept: 'text/event-stream', ...headers(), ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}) },
        signal: controller.signal,
        cache: 'no-store',
      });
      onStatus?.(response.status);
      if (response.status >= 400 && response.status < 500 && response.status !== 429) {
        onState('unavailable');

        return;
      }
      if (!response.ok || !response.body || !(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
        throw new Error(`event stream answered ${response.status}`);
      }
      onState('open');
      retryMs = FIRST_RETRY_MS;
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          break;
        }
        parser.push(value);
      }
    } catch {
      // A network failure or the server closing: asked again below, unless closed on purpose.
    }
    if (closed) {
      return;
    }
    onState('connecting');
    const wait = serverRetryMs ?? retryMs;
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    timer = setTimeout(() => void connect(), wait);
  };

  void connect();

  return () => {
    closed = true;
    if (timer) {
      clearTimeout(timer);
    }
    controller?.abort();
  };
};
