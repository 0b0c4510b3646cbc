import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeProviderReply = { status: number; body: unknown; delayMs?: number };

/** A stand-in for TomTom or Open-Meteo on loopback: records each request and answers what the test set. */
export const startFakeJsonProvider = async () => {
  const requests: URL[] = [];
  let reply: FakeProviderReply = { status: 200, body: {} };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    requests.push(new URL(req.url ?? '/', 'http://provider'));
    const answer = reply;
    setTimeout(() => {
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    }, answer.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    reply: (next: FakeProviderReply) => {
      reply = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type FakeJsonProvider = Awaited<ReturnType<typeof startFakeJsonProvider>>;
