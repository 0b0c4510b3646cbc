import type { IncomingMessage } from 'node:http';

/**
 * What of a refused request's body the server still reads and drops before it answers: enough for
 * an ordinary upload, so the sender finishes writing and then reads the answer. Past it the
 * connection is closed after the answer instead (the sender of a body that large may see the
 * connection cut rather than the answer).
 */
export const DRAIN_LIMIT_BYTES = 2 * 1024 * 1024;

/**
 * Reads and drops what is left of the request body, up to `maxBytes`; answers true when the whole
 * body came (the connection can stay open), false when it was larger, failed or was cut off.
 * Answering before the body is read and then closing would make a client that is still writing
 * see a broken pipe instead of the answer (Node 24's fetch reports exactly that).
 */
export const drainRequest = (req: IncomingMessage, maxBytes = DRAIN_LIMIT_BYTES): Promise<boolean> =>
  new Promise((resolve) => {
    if (req.readableEnded) {
      resolve(true);

      return;
    }
    let seen = 0;
    const finish = (whole: boolean) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      resolve(whole);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) {
        finish(false);
      }
    };
    const onEnd = () => finish(true);
    const onError = () => finish(false);
    const onClose = () => finish(req.readableEnded);
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
    req.once('close', onClose);
    req.resume();
  });
