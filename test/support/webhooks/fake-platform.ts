import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as a fake platform received it. */
export type RecordedRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
  /** When the request arrived (Date.now()), to measure the time between attempts. */
  at: number;
};

export type FakeAnswer = { status: number; body: unknown; delayMs?: number; headers?: Record<string, string> };
export type Responder = (request: RecordedRequest, index: number) => FakeAnswer;

/**
 * A local HTTP server standing in for a chat platform, a code host or a model server: it records
 * every request and answers with the platform's success shape unless told to fail.
 */
export type FakePlatform = {
  url: string;
  requests: RecordedRequest[];
  /** The next `count` requests get this answer instead of the normal one. */
  failNext(count: number, status: number, body?: unknown, options?: { delayMs?: number; headers?: Record<string, string> }): void;
  /** The next requests get these answers in order; `'normal'` is the platform's usual answer. */
  answerNext(...answers: (FakeAnswer | 'normal')[]): void;
  /** Drops the answers scripted with failNext/answerNext that are still unused. */
  clearScripted(): void;
  /** Holds answers until release() (to keep a delivery in flight). */
  hold(): void;
  release(): void;
  close(): Promise<void>;
};

export const startFakePlatform = async (respond: Responder): Promise<FakePlatform> => {
  const requests: RecordedRequest[] = [];
  const scripted: (FakeAnswer | 'normal')[] = [];
  let held: (() => void)[] | null = null;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = text === '' ? null : JSON.parse(text);
      } catch {
        // Not JSON: recorded as text.
      }
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, at: Date.now() };
      requests.push(request);
      const next = scripted.shift() ?? 'normal';
      const answer = next === 'normal' ? respond(request, requests.length - 1) : next;
      const send = () => {
        const payload = JSON.stringify(answer.body);
        res.writeHead(answer.status, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...answer.headers,
        });
        res.end(payload);
      };
      if (held !== null) {
        held.push(send);
      } else if (answer.delayMs !== undefined) {
        setTimeout(send, answer.delayMs);
      } else {
        send();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext: (count, status, body = { error: 'failing on purpose' }, options = {}) => {
      for (let index = 0; index < count; index += 1) {
        scripted.push({ status, body, ...options });
      }
    },
    answerNext: (...answers) => {
      scripted.push(...answers);
    },
    clearScripted: () => {
      scripted.length = 0;
    },
    hold: () => {
      held ??= [];
    },
    release: () => {
      const waiting = held ?? [];
      held = null;
      waiting.forEach((send) => send());
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

const ok = (body: unknown): FakeAnswer => ({ status: 200, body });

/** Success answers in each platform's own shape. */
export const platformAnswers = {
  telegram: (_request: RecordedRequest, index: number) => ok({ ok: true, result: { message_id: 100 + index } }),
  discord: (_request: RecordedRequest, index: number) => ok({ id: `d${index}` }),
  slack: (_request: RecordedRequest, index: number) => ok({ ok: true, ts: `1700000000.${index}` }),
  mattermost: (_request: RecordedRequest, index: number) => ok({ id: `mm${index}` }),
  matrix: (_request: RecordedRequest, index: number) => ok({ event_id: `$e${index}` }),
  github: (_request: RecordedRequest, index: number) => ({
    status: 201,
    body: { id: index, html_url: `https://github.example/c/${index}` },
  }),
  gitlab: (_request: RecordedRequest, index: number) => ({ status: 201, body: { id: 500 + index } }),
  /** An OpenAI-compatible model that echoes what it was asked, so tests can see the prompt it got. */
  model: (request: RecordedRequest) => {
    const messages = (request.body as { messages?: { role: string; content: string }[] }).messages ?? [];
    const user = messages.find((message) => message.role === 'user')?.content ?? '';

    return ok({ choices: [{ index: 0, message: { role: 'assistant', content: `Agent says: ${user}` } }] });
  },
} satisfies Record<string, Responder>;

/** One fake of a named set, failing the test at once when the name is not there. */
export const fakeNamed = (fakes: Record<string, FakePlatform>, name: string): FakePlatform => {
  const platform = fakes[name];
  if (platform === undefined) {
    throw new Error(`no fake ${name}`);
  }

  return platform;
};
