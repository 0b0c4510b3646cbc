import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse-parser.ts';

const parse = (chunks: string[]) => {
  const events: SseEvent[] = [];
  const retries: number[] = [];
  const parser = createSseParser(
    (event) => events.push(event),
    (ms) => retries.push(ms),
  );
  for (const chunk of chunks) {
    parser.push(chunk);
  }

  return { events, retries, lastId: parser.lastEventId() };
};

describe('createSseParser', () => {
  it('reads typed events with ids, and remembers the last id', () => {
    const { events, lastId } = parse([
      'event: location\nid: 7\ndata: {"bus_id":"B-1"}\n\n',
      'event: location\nid: 8\ndata: {"bus_id":"B-2"}\n\n',
    ]);
    expect(events).toEqual([
      { event: 'location', data: '{"bus_id":"B-1"}', id: '7' },
      { event: 'location', data: '{"bus_id":"B-2"}', id: '8' },
    ]);
    expect(lastId).toBe('8');
  });

  it('waits for the blank line, whatever way the chunks split the text, CRLF included', () => {
    const text = 'event: location\r\ndata: {"a":1}\r\n\r\ndata: plain\r\rdata: x\n\n';
    const whole = parse([text]).events;
    expect(whole).toEqual([
      { event: 'location', data: '{"a":1}', id: null },
      { event: 'message', data: 'plain', id: null },
      { event: 'message', data: 'x', id: null },
    ]);
    for (let cut = 1; cut < text.length; cut += 1) {
      expect(parse([text.slice(0, cut), text.slice(cut)]).events, `cut at ${cut}`).toEqual(whole);
    }
    expect(parse(['event: location\ndata: {"a":1}\n']).events).toEqual([]);
  });

  it('drops comments (keep-alives) and events without data; joins data lines; reports retry', () => {
    const { events, retries } = parse([
      ': keep-alive\n\n',
      'event: ping\n\n',
      'data: one\ndata: two\nretry: 3000\n\n',
      'data:no-space\n\n',
    ]);
    expect(events).toEqual([
      { event: 'message', data: 'one\ntwo', id: null },
      { event: 'message', data: 'no-space', id: null },
    ]);
    expect(retries).toEqual([3000]);
  });
});
