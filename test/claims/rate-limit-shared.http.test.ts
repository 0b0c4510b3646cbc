import { describe, expect, it } from 'vitest';
import { startTestClaims } from '../support/claims-server.ts';
import { call, freshIp } from '../support/claims-client.ts';

describe('rate limits kept in the database', () => {
  it('hold across two API processes sharing a database and across a restart', async () => {
    const first = await startTestClaims();
    const second = await startTestClaims({}, first);
    const ip = freshIp();
    const email = 'shared-limit@example.test';
    try {
      expect((await call(first, 'POST', '/api/auth/request', { body: { email }, ip })).status).toBe(200);
      expect((await call(second, 'POST', '/api/auth/request', { body: { email }, ip })).status).toBe(200);
      expect((await call(first, 'POST', '/api/auth/request', { body: { email }, ip })).status).toBe(200);
      // The fourth request for this email is over the limit, whichever process answers it.
      expect((await call(second, 'POST', '/api/auth/request', { body: { email }, ip })).status).toBe(429);
      await second.close();
      const restarted = await startTestClaims({}, first);
      try {
        const answer = await call(restarted, 'POST', '/api/auth/request', { body: { email }, ip: freshIp() });
        expect(answer.status).toBe(429);
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      } finally {
        await restarted.close();
      }
    } finally {
      await first.close();
    }
  });
});
