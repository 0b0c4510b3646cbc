import { connect, type Socket } from 'node:net';

/**
 * A lean closed-loop HTTP/1.1 client for benchmarks: each connection writes the next prebuilt
 * request as soon as the previous answer is complete. It parses only what it must (status and
 * length), so its own CPU use stays small beside the server it measures. Loopback only.
 */
export type LoadResult = {
  requests: number;
  answered2xx: number;
  otherStatuses: Record<string, number>;
  errors: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
};

const CRLFCRLF = Buffer.from('\r\n\r\n');

/** Where the answer at the start of `data` ends, or -1 while it is incomplete; and its status. */
const answerEnd = (data: Buffer): { end: number; status: number; close: boolean } | null => {
  const headEnd = data.indexOf(CRLFCRLF);
  if (headEnd < 0) {
    return null;
  }
  const head = data.toString('latin1', 0, headEnd).toLowerCase();
  const status = Number(head.slice(9, 12));
  const close = /\r\nconnection: *close/.test(head);
  const length = /\r\ncontent-length: *(\d+)/.exec(head);
  if (length !== null) {
    const end = headEnd + 4 + Number(length[1]);

    return data.length >= end ? { end, status, close } : null;
  }
  if (/\r\ntransfer-encoding: *chunked/.test(head)) {
    // Small answers: wait for the terminating zero-length chunk.
    const last = data.indexOf('\r\n0\r\n\r\n', headEnd + 2);

    return last < 0 ? null : { end: last + 7, status, close };
  }

  // No length and no chunking: only bodiless answers are expected here.
  return { end: headEnd + 4, status, close };
};

export const percentileOf = (sorted: Float64Array, share: number): number =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0);

export const runRawLoad = (options: { port: number; requests: Buffer[]; concurrency: number; seconds: number }): Promise<LoadResult> =>
  new Promise((resolve) => {
    const latencies = new Float64Array(options.requests.length);
    let answered = 0;
    let answered2xx = 0;
    let errors = 0;
    let next = 0;
    let open = options.concurrency;
    const otherStatuses: Record<string, number> = {};
    const started = process.hrtime.bigint();
    const deadline = started + BigInt(Math.round(options.seconds * 1e9));

    const finish = () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const sorted = latencies.subarray(0, answered).sort();
      resolve({
        requests: answered + errors,
        answered2xx,
        otherStatuses,
        errors,
        seconds: Number(seconds.toFixed(3)),
        requestsPerSecond: Math.round(answered2xx / seconds),
        p50Ms: Number(percentileOf(sorted, 0.5).toFixed(2)),
        p99Ms: Number(percentileOf(sorted, 0.99).toFixed(2)),
      });
    };

    const connection = () => {
      let socket: Socket;
      let pending: Buffer = Buffer.alloc(0);
      let sentAt = 0n;
      let busy = false;
      const done = () => {
        open -= 1;
        socket.destroy();
        if (open === 0) {
          finish();
        }
      };
      const send = () => {
        const request = options.requests[next];
        if (request === undefined || process.hrtime.bigint() >= deadline) {
          done();

          return;
        }
        next += 1;
        busy = true;
        sentAt = process.hrtime.bigint();
        socket.write(request);
      };
      const dial = () => {
        pending = Buffer.alloc(0);
        socket = connect({ host: '127.0.0.1', port: options.port, noDelay: true }, send);
        socket.on('data', (chunk: Buffer) => {
          pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
          const answer = answerEnd(pending);
          if (answer === null) {
            return;
          }
          latencies[answered] = Number(process.hrtime.bigint() - sentAt) / 1e6;
          answered += 1;
          busy = false;
          if (answer.status >= 200 && answer.status < 300) {
            answered2xx += 1;
          } else {
            otherStatuses[answer.status] = (otherStatuses[answer.status] ?? 0) + 1;
          }
          pending = pending.subarray(answer.end);
          if (answer.close) {
            socket.removeAllListeners();
            socket.destroy();
            dial();
          } else {
            send();
          }
        });
        socket.on('error', () => {
          if (busy) {
            errors += 1;
            busy = false;
          }
          socket.removeAllListeners();
          socket.destroy();
          if (process.hrtime.bigint() < deadline) {
            setTimeout(dial, 10);
          } else {
            open -= 1;
            if (open === 0) {
              finish();
            }
          }
        });
      };
      dial();
    };
    for (let index = 0; index < options.concurrency; index += 1) {
      connection();
    }
  });
