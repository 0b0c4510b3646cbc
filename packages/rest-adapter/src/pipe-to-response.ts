import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Close listeners a piped answer carries: the HTTP shell's own (in-flight count, readiness, request
 * metrics, the body reader) and those `pipeline` adds to its destination (about seven on Node 20).
 * Node warns of a leak past ten on one emitter; these are a fixed number per answer, not a leak.
 */
const PIPED_RESPONSE_LISTENERS = 20;

/**
 * Streams `source` into the answer. A client that closes the connection before the end (a cancelled
 * download, a closed tab, a viewer leaving a live stream) is its choice, not a failure of the
 * service: that ends quietly. A failure to read the source still throws.
 */
export const pipeToResponse = async (source: Readable, res: ServerResponse): Promise<void> => {
  res.setMaxListeners(Math.max(res.getMaxListeners(), PIPED_RESPONSE_LISTENERS));
  try {
    await pipeline(source, res);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_STREAM_PREMATURE_CLOSE' && res.destroyed) {
      return;
    }
    throw error;
  }
};
