import type { ServerResponse } from 'node:http';
import type { FileResponse } from '@switchyard/rest-adapter/create-rest-handler';
import { pipeToResponse } from '@switchyard/rest-adapter/pipe-to-response';

/** Types a browser may render are still sent as attachments; anything else is opaque bytes. */
const SAFE_TYPES = new Set([
  'application/pdf',
  'image/jpeg',
  'image/png',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
]);

const asciiFallback = (name: string): string => name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');

export const streamFile = async (res: ServerResponse, file: FileResponse): Promise<void> => {
  const stream = await file.open();
  res.statusCode = 200;
  res.setHeader('Content-Type', SAFE_TYPES.has(file.mimeType) ? file.mimeType : 'application/octet-stream');
  res.setHeader('Content-Length', file.sizeBytes);
  res.setHeader(
    'Content-Disposition',
    `attachment; filename="${asciiFallback(file.fileName)}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
  );
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
  res.setHeader('Cache-Control', 'private, no-store');
  await pipeToResponse(stream, res);
};
