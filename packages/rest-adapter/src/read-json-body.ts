import type { IncomingMessage } from 'node:http';
import { DomainError } from '@switchyard/domain/errors';

/** Reads a body's bytes up to `maxBytes`; more is `payload_too_large` before any work is done. */
export const readRawBody = async (req: IncomingMessage, maxBytes: number): Promise<Buffer> => {
  const declaredLength = Number(req.headers['content-length'] ?? 0);
  if (declaredLength > maxBytes) {
    throw new DomainError('payload_too_large', `The request body is larger than ${maxBytes} bytes.`);
  }
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of req) {
    received += (chunk as Buffer).length;
    if (received > maxBytes) {
      throw new DomainError('payload_too_large', `The request body is larger than ${maxBytes} bytes.`);
    }
    chunks.push(chunk as Buffer);
  }

  return Buffer.concat(chunks);
};

/** Reads a JSON body up to `maxBytes`, refusing oversized or malformed input before any work is done. */
export const readJsonBody = async (req: IncomingMessage, maxBytes: number): Promise<unknown> => {
  const contentType = req.headers['content-type'] ?? '';
  const body = await readRawBody(req, maxBytes);
  if (body.length === 0) {
    return {};
  }
  if (!/^application\/(.+\+)?json\b/i.test(contentType)) {
    throw new DomainError('unsupported_media_type', 'Send the body as application/json.');
  }
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new DomainError('validation_error', 'The request body is not valid JSON.');
  }
};
