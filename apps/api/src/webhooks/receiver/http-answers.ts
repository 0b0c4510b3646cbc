import type { IncomingMessage, ServerResponse } from 'node:http';

export const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
};

export type BodyRead = { ok: true; body: Buffer } | { ok: false; status: 413 | 400 };

/** Reads the raw body, stopping as soon as it passes the limit (chunked bodies included). */
export const readBody = (req: IncomingMessage, maxBytes: number): Promise<BodyRead> =>
  new Promise((resolve) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      resolve({ ok: false, status: 413 });

      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (result: BodyRead) => {
      if (!done) {
        done = true;
        resolve(result);
      }
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.removeAllListeners('data');
        req.resume();
        finish({ ok: false, status: 413 });
      } else {
        chunks.push(chunk);
      }
    });
    req.on('end', () => finish({ ok: true, body: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks) }));
    req.on('error', () => finish({ ok: false, status: 400 }));
  });
