export type SseEvent = { event: string; data: string; id: string | null };

/**
 * The text/event-stream format, read incrementally: feed it chunks as they arrive (split anywhere,
 * even inside a line or a CRLF) and it calls `onEvent` for each complete event. Comments
 * (`: keep-alive`) and events without data are dropped, `data:` lines are joined with newlines, the
 * event type defaults to `message`, and the last `id:` seen is remembered for `Last-Event-ID`,
 * as the HTML standard's EventSource does. `retry:` is reported so a reconnect can wait that long.
 */
export const createSseParser = (onEvent: (event: SseEvent) => void, onRetry: (ms: number) => void = () => {}) => {
  let buffer = '';
  let pendingCarriageReturn = false;
  let data: string[] = [];
  let type = '';
  let lastId: string | null = null;

  const dispatch = () => {
    if (data.length > 0) {
      onEvent({ event: type || 'message', data: data.join('\n'), id: lastId });
    }
    data = [];
    type = '';
  };

  const line = (text: string) => {
    if (text === '') {
      dispatch();

      return;
    }
    if (text.startsWith(':')) {
      return;
    }
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) {
      value = value.slice(1);
    }
    if (field === 'data') {
      data.push(value);
    } else if (field === 'event') {
      type = value;
    } else if (field === 'id' && !value.includes('\0')) {
      lastId = value;
    } else if (field === 'retry' && /^\d+$/.test(value)) {
      onRetry(Number(value));
    }
  };

  return {
    push: (chunk: string) => {
      let text = chunk;
      // A CR that ended the previous chunk already ended its line; a LF right after it is the same break.
      if (pendingCarriageReturn && text.startsWith('\n')) {
        text = text.slice(1);
      }
      pendingCarriageReturn = false;
      buffer += text;
      let start = 0;
      for (let at = 0; at < buffer.length; at += 1) {
        const char = buffer[at];
        if (char === '\n' || char === '\r') {
          line(buffer.slice(start, at));
          if (char === '\r') {
            if (at + 1 === buffer.length) {
              pendingCarriageReturn = true;
            } else if (buffer[at + 1] === '\n') {
              at += 1;
            }
          }
          start = at + 1;
        }
      }
      buffer = buffer.slice(start);
    },
    /** The id to send as `Last-Event-ID` when reconnecting. */
    lastEventId: () => lastId,
  };
};
