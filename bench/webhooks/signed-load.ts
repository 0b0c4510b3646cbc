import { createHmac } from 'node:crypto';
import { Agent, request } from 'node:http';

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

export type SignedRequest = { body: string; headers: Record<string, string> };

/** Distinct bodies (so no request is a duplicate of another), each signed like GitHub signs. */
export const githubSignedRequests = (secret: string, count: number, first = 0): SignedRequest[] =>
  Array.from({ length: count }, (_, offset) => {
    const index = first + offset;
    const body = JSON.stringify({
      action: 'opened',
      number: index,
      repository: { full_name: 'bench/repo' },
      issue: { number: index, title: `Benchmark issue ${index}`, body: 'x'.repeat(200) },
    });

    return {
      body,
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'x-github-event': 'issues',
        'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
      },
    };
  });

const percentile = (sorted: number[], share: number): number =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0);

/**
 * Closed-loop load over keep-alive connections on loopback: `concurrency` requests in flight,
 * for at most `seconds` and at most `requests.length` requests.
 */
export const runSignedLoad = async (options: {
  url: string;
  requests: SignedRequest[];
  concurrency: number;
  seconds: number;
}): Promise<LoadResult> => {
  const target = new URL(options.url);
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const latencies: number[] = [];
  const otherStatuses: Record<string, number> = {};
  let answered2xx = 0;
  let errors = 0;
  let next = 0;
  const started = process.hrtime.bigint();
  const deadline = started + BigInt(Math.round(options.seconds * 1e9));

  const sendOne = (signed: SignedRequest) =>
    new Promise<void>((resolve) => {
      const begin = process.hrtime.bigint();
      const req = request(
        { host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers: signed.headers, agent },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(Number(process.hrtime.bigint() - begin) / 1e6);
            const status = res.statusCode ?? 0;
            if (status >= 200 && status < 300) {
              answered2xx += 1;
            } else {
              otherStatuses[status] = (otherStatuses[status] ?? 0) + 1;
            }
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(signed.body);
    });

  const worker = async () => {
    while (next < options.requests.length && process.hrtime.bigint() < deadline) {
      const signed = options.requests[next];
      next += 1;
      if (signed !== undefined) {
        await sendOne(signed);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  latencies.sort((a, b) => a - b);

  return {
    requests: latencies.length + errors,
    answered2xx,
    otherStatuses,
    errors,
    seconds: Number(seconds.toFixed(3)),
    requestsPerSecond: Math.round(answered2xx / seconds),
    p50Ms: Number(percentile(latencies, 0.5).toFixed(2)),
    p99Ms: Number(percentile(latencies, 0.99).toFixed(2)),
  };
};
