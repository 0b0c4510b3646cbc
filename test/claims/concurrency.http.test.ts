import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { call, intakeBody } from '../support/claims-client.ts';

let claims: TestClaims;
beforeAll(async () => {
  claims = await startTestClaims();
});
afterAll(async () => {
  await claims?.close();
});

describe('numbering under load', () => {
  it('gives 100 parallel intakes 100 distinct, gap-free claim numbers', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_unused, index) =>
        // Every tenth intake reuses one client, so client creation races too.
        call(claims, 'POST', '/api/intake', { body: intakeBody(index % 10 === 0 ? { email: 'shared@example.test' } : {}) }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(100).fill(201));
    const year = new Date().getUTCFullYear();
    const counters = answers.map((answer) => Number(/^CLM-(\d{4})-(\d{4})$/.exec(answer.body.claim_number)?.[2])).sort((a, b) => a - b);
    expect(counters).toEqual(Array.from({ length: 100 }, (_unused, index) => index + 1));
    expect(answers.every((answer) => answer.body.claim_number.startsWith(`CLM-${year}-`))).toBe(true);
    const sharedClients = new Set(answers.filter((_answer, index) => index % 10 === 0).map((answer) => answer.body.client_number));
    expect(sharedClients.size).toBe(1);
    const clientCounters = [...new Set(answers.map((answer) => answer.body.client_number))]
      .map((number) => Number(number.slice(-4)))
      .sort((a, b) => a - b);
    expect(clientCounters).toEqual(Array.from({ length: 91 }, (_unused, index) => index + 1));
  });
});
