import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startTestClaims } from '../support/claims-server.ts';
import { intakeBody } from '../support/claims-client.ts';

describe('graceful shutdown', () => {
  it('lets a request that is already under way finish, then refuses new connections', async () => {
    const claims = await startTestClaims();
    const body = JSON.stringify(intakeBody());
    const url = new URL(`${claims.url}/api/intake`);
    let closing: Promise<void> | null = null;
    try {
      const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname,
            method: 'POST',
            // The server answers "100 Continue" once it has the headers and has dispatched the request:
            // the event that says the request is under way.
            headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Expect: '100-continue' },
          },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on('error', reject);
        req.on('continue', () => {
          // Half the body now; the service is told to stop (it counts the requests in flight at
          // that call, this one among them) while the rest is still on its way.
          req.write(body.slice(0, 40));
          closing = claims.close();
          req.end(body.slice(40));
        });
        req.flushHeaders();
      });
      expect((await answer).status).toBe(201);
      expect(JSON.parse((await answer).text).claim_number).toMatch(/^CLM-/);
      await closing;
      await expect(fetch(`${claims.url}/api/health`)).rejects.toThrow();
    } finally {
      await (closing ?? claims.close());
    }
  });
});
