import { request } from 'node:http';
import { Readable } from 'node:stream';

export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
export const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

export type FilePart = { field?: string; name: string; type: string; content: Buffer };

/** Sends a multipart upload with fetch's own encoder, as a browser would. */
export const uploadForm = async (
  url: string,
  parts: { files: FilePart[]; fields?: Record<string, string> },
  headers: Record<string, string>,
) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts.fields ?? {})) {
    form.append(name, value);
  }
  for (const file of parts.files) {
    form.append(file.field ?? 'file', new Blob([new Uint8Array(file.content)], { type: file.type }), file.name);
  }
  const response = await fetch(url, { method: 'POST', body: form, headers });
  const text = await response.text();

  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
};

/**
 * Streams a multipart body of `totalBytes` of file content with chunked encoding and no
 * Content-Length, so only the server's streaming limit can stop it.
 */
export const uploadChunked = (
  url: string,
  options: { fileName: string; type: string; head: Buffer; totalBytes: number; headers: Record<string, string> },
): Promise<{ status: number; body: any }> => {
  const boundary = `----switchyard${Date.now()}`;
  const preamble = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.fileName}"\r\nContent-Type: ${options.type}\r\n\r\n`,
  );
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  async function* body() {
    yield preamble;
    yield options.head;
    let sent = options.head.length;
    while (sent < options.totalBytes) {
      const size = Math.min(chunk.length, options.totalBytes - sent);
      yield chunk.subarray(0, size);
      sent += size;
    }
    yield closing;
  }

  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Transfer-Encoding': 'chunked', ...options.headers },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (data: Buffer) => chunks.push(data));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null });
      });
    });
    // The server may answer and close while we are still sending; that is the point of the test.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') {
        reject(error);
      }
    });
    Readable.from(body()).pipe(req);
  });
};

export type HeldOpenAnswer = { status: number; body: any; bytesSent: number; connectionClosed: Promise<void>; abandon(): void };

/**
 * Streams `sendBytes` of file content with chunked encoding and then keeps the request open
 * without ever finishing the body. A server that waits for the end of the body never answers;
 * one that stops at its limit answers at once (and closes the connection).
 */
export const uploadChunkedHeldOpen = (
  url: string,
  options: { fileName: string; type: string; head: Buffer; sendBytes: number; headers: Record<string, string>; answerWithinMs: number },
): Promise<HeldOpenAnswer> => {
  const boundary = `----switchyard${Date.now()}`;
  const preamble = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.fileName}"\r\nContent-Type: ${options.type}\r\n\r\n`,
  );
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  const req = request(url, {
    method: 'POST',
    headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Transfer-Encoding': 'chunked', ...options.headers },
  });
  let answered = false;
  let bytesSent = 0;
  // Writes pause whenever the socket is full, so they stop as soon as the server stops reading.
  const writeAll = async () => {
    for (const part of [preamble, options.head]) {
      req.write(part);
    }
    bytesSent = options.head.length;
    while (bytesSent < options.sendBytes && !answered && !req.destroyed) {
      const size = Math.min(chunk.length, options.sendBytes - bytesSent);
      bytesSent += size;
      if (!req.write(chunk.subarray(0, size))) {
        // Whichever comes first, the other listener goes with it: one wait per full socket, none left behind.
        await new Promise<void>((resolve) => {
          const done = () => {
            req.off('drain', done);
            req.off('close', done);
            resolve();
          };
          req.once('drain', done);
          req.once('close', done);
        });
      }
    }
  };
  const connectionClosed = new Promise<void>((resolve) => req.once('close', () => resolve()));
  req.on('error', () => {
    // The server answers and closes while we are still sending; the answer is what is checked.
  });

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`no answer within ${options.answerWithinMs} ms of sending ${bytesSent} bytes without finishing the body`));
    }, options.answerWithinMs);
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (data: Buffer) => chunks.push(data));
      res.on('end', () => {
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          body: text ? JSON.parse(text) : null,
          bytesSent,
          connectionClosed,
          abandon: () => req.destroy(),
        });
      });
    });
    void writeAll();
  });
};
