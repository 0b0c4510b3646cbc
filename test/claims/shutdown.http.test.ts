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
      const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = request(
          { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on('error', reject);
        // Half the body now; the service is told to stop while the rest is still on its way.
        req.write(body.slice(0, 40));
        setTimeout(() => {
          closing = claims.close();
          setTimeout(() => req.end(body.slice(40)), 200);
        }, 100);
      });
      expect(answer.status).toBe(201);
      expect(JSON.parse(answer.text).claim_number).toMatch(/^CLM-/);
      await closing;
      await expect(fetch(`${claims.url}/api/health`)).rejects.toThrow();
    } finally {
      await (closing ?? claims.close());
    }
  });
});
