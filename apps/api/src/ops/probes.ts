import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readiness } from './readiness.ts';

const answer = (res: ServerResponse, status: number, body: Record<string, string>) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store' });
  res.end(text);
};

/**
 * `GET /livez` (the process runs) and `GET /readyz` (it can serve: see readiness.ts). Answered
 * before anything else a service does, over plain HTTP in production too, because a load balancer
 * probes the process directly; the answers name a failing check and nothing more.
 * Returns false for any other request, which the service then handles as before.
 */
export const answerProbe = (req: IncomingMessage, res: ServerResponse, readiness: Readiness): boolean => {
  const url = req.url ?? '';
  if (url !== '/livez' && url !== '/readyz') {
    return false;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    answer(res, 405, { status: 'method not allowed' });

    return true;
  }
  if (url === '/livez') {
    answer(res, 200, { status: 'ok' });

    return true;
  }
  readiness
    .check()
    .then((result) =>
      result.ready ? answer(res, 200, { status: 'ready' }) : answer(res, 503, { status: 'not ready', failing: result.failing }),
    )
    .catch(() => answer(res, 503, { status: 'not ready', failing: 'database' }));

  return true;
};
