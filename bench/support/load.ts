import { Agent, request } from 'node:http';

export type LoadResult = { requests: number; errors: number; seconds: number; perSecond: number; p50: number; p95: number; p99: number };

export const percentile = (sorted: number[], fraction: number): number =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] as number);

type RequestSpec = { method: string; path: string; headers: Record<string, string>; body?: string | Buffer };

/**
 * A closed-loop load generator: `concurrency` callers each send the next request as soon as the
 * previous one is answered, for `seconds`. Only loopback targets are ever given to it.
 */
export const runLoad = async (options: {
  baseUrl: string;
  concurrency: number;
  seconds: number;
  next: (index: number) => RequestSpec;
  expectStatus: number;
}): Promise<LoadResult> => {
  const url = new URL(options.baseUrl);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
    throw new Error('load is only ever sent to loopback');
  }
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const latencies: number[] = [];
  let errors = 0;
  let counter = 0;
  const deadline = Date.now() + options.seconds * 1000;
  const started = process.hrtime.bigint();
  const send = (spec: RequestSpec) =>
    new Promise<number>((resolve, reject) => {
      const req = request(
        { host: url.hostname, port: url.port, method: spec.method, path: spec.path, headers: spec.headers, agent },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(spec.body);
    });
  const worker = async () => {
    while (Date.now() < deadline) {
      const spec = options.next(counter++);
      const begin = process.hrtime.bigint();
      const status = await send(spec).catch(() => 0);
      latencies.push(Number(process.hrtime.bigint() - begin) / 1e6);
      if (status !== options.expectStatus) {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  latencies.sort((a, b) => a - b);

  return {
    requests: latencies.length,
    errors,
    seconds: Math.round(seconds * 100) / 100,
    perSecond: Math.round((latencies.length / seconds) * 10) / 10,
    p50: Math.round(percentile(latencies, 0.5) * 100) / 100,
    p95: Math.round(percentile(latencies, 0.95) * 100) / 100,
    p99: Math.round(percentile(latencies, 0.99) * 100) / 100,
  };
};
