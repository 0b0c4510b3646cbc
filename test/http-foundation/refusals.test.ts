import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { freshIp } from '../support/claims-client.ts';
import { startTestTransport, type TestTransport } from '../support/transport-server.ts';

/**
 * Both services answer every refusal alike on their tRPC and REST doors: the same status, the same
 * headers (JSON, no-store, Retry-After only on a 429 that knows when), each in its service's
 * envelope, and never anything of the server's code.
 */

let claims: TestClaims;
let transport: TestTransport;
beforeAll(async () => {
  [claims, transport] = await Promise.all([startTestClaims(), startTestTransport({ TRUST_PROXY: 'true' })]);
});
afterAll(async () => {
  await Promise.all([claims?.close(), transport?.close()]);
});

type Answer = { status: number; headers: Headers; text: string; body: any };

const send = async (url: string, init: { method?: string; body?: string; contentType?: string; ip?: string } = {}): Promise<Answer> => {
  const headers: Record<string, string> = { 'X-Forwarded-For': init.ip ?? freshIp() };
  if (init.body !== undefined) {
    headers['Content-Type'] = init.contentType ?? 'application/json';
  }
  const response = await fetch(url, { method: init.method ?? 'POST', headers, ...(init.body === undefined ? {} : { body: init.body }) });
  const text = await response.text();

  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) };
};

const TRPC_CODE: Record<number, [string, number]> = {
  400: ['BAD_REQUEST', -32600],
  403: ['FORBIDDEN', -32003],
  404: ['NOT_FOUND', -32004],
  413: ['PAYLOAD_TOO_LARGE', -32013],
  415: ['UNSUPPORTED_MEDIA_TYPE', -32015],
  429: ['TOO_MANY_REQUESTS', -32029],
};

/** Nothing of our code: no stack, no file names, no frames. */
const expectNoInternals = (answer: Answer) => {
  expect(answer.text).not.toMatch(/"stack"|node_modules|apps\/api|packages\/|\.ts:\d+|\bat [\w.<>]+ \(/);
};

const expectRefusal = (answer: Answer, status: number, door: 'rest' | 'trpc', envelope: 'claims' | 'transport') => {
  expect(answer.status).toBe(status);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  if (status === 429) {
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  } else {
    expect(answer.headers.get('retry-after')).toBeNull();
  }
  expectNoInternals(answer);
  if (door === 'trpc') {
    const error = answer.body.error;
    expect(error.data.httpStatus).toBe(status);
    expect([error.data.code, error.code]).toEqual(TRPC_CODE[status]);
    expect(error.data).not.toHaveProperty('stack');
  } else if (envelope === 'claims') {
    expect(Object.keys(answer.body)).toEqual(['error']);
    expect(typeof answer.body.error.message).toBe('string');
  } else {
    expect(Object.keys(answer.body)).toEqual(['detail']);
    expect(typeof answer.body.detail).toBe('string');
  }
};

const big = JSON.stringify({ email: `${'x'.repeat(300 * 1024)}@example.test`, password: 'x' });

/** Per service: a JSON path that takes a body, reached through both doors. */
const services = () => [
  { name: 'claims' as const, url: claims.url, rest: '/api/auth/request', trpc: '/trpc/auth.request' },
  { name: 'transport' as const, url: transport.url, rest: '/api/auth/login', trpc: '/trpc/identity.login' },
];

describe.each(['claims', 'transport'] as const)('refusals of the %s service', (name) => {
  const service = () => services().find((candidate) => candidate.name === name)!;

  it('a 300 KiB body is 413 on both doors', async () => {
    const { url, rest, trpc } = service();
    expectRefusal(await send(`${url}${rest}`, { body: big }), 413, 'rest', name);
    expectRefusal(await send(`${url}${trpc}`, { body: big }), 413, 'trpc', name);
  });

  it('a body that is not JSON is 415 on both doors', async () => {
    const { url, rest, trpc } = service();
    const body = 'email=a@b.test&password=x';
    expectRefusal(await send(`${url}${rest}`, { body, contentType: 'text/plain' }), 415, 'rest', name);
    expectRefusal(await send(`${url}${trpc}`, { body, contentType: 'text/plain' }), 415, 'trpc', name);
  });

  it('an unknown path or procedure is 404 on both doors', async () => {
    const { url } = service();
    expectRefusal(await send(`${url}/api/no-such-path`, { method: 'GET' }), 404, 'rest', name);
    expectRefusal(await send(`${url}/trpc/noSuch.procedure`, { method: 'GET' }), 404, 'trpc', name);
    expectRefusal(await send(`${url}/trpc/noSuch.procedure`, { body: '{}' }), 404, 'trpc', name);
  });
});

describe('rate-limited calls', () => {
  /** Calls until the limit answers, which must come within `max + 1` calls. */
  const callUntilLimited = async (max: number, call: () => Promise<Answer>): Promise<Answer> => {
    for (let index = 0; index < max; index++) {
      expect((await call()).status).not.toBe(429);
    }

    return call();
  };

  it('claims: 429 with Retry-After on both doors', async () => {
    const rest = await callUntilLimited(3, () =>
      send(`${claims.url}/api/auth/request`, { body: JSON.stringify({ email: 'rest-limit@example.test' }) }),
    );
    expectRefusal(rest, 429, 'rest', 'claims');
    const trpc = await callUntilLimited(3, () =>
      send(`${claims.url}/trpc/auth.request`, { body: JSON.stringify({ email: 'trpc-limit@example.test' }) }),
    );
    expectRefusal(trpc, 429, 'trpc', 'claims');
  });

  it('transport: 429 with Retry-After on both doors', async () => {
    const restIp = freshIp();
    const rest = await callUntilLimited(20, () => send(`${transport.url}/api/auth/register`, { body: '{}', ip: restIp }));
    expectRefusal(rest, 429, 'rest', 'transport');
    const trpcIp = freshIp();
    const trpc = await callUntilLimited(20, () => send(`${transport.url}/trpc/identity.register`, { body: '{}', ip: trpcIp }));
    expectRefusal(trpc, 429, 'trpc', 'transport');
    expect(Number(trpc.headers.get('retry-after'))).toBeLessThanOrEqual(60 * 60);
  });
});

describe('the tRPC error code follows the status', () => {
  it('a procedure that finds nothing answers NOT_FOUND with 404', async () => {
    const answer = await send(
      `${transport.url}/trpc/tenants.getTheme?input=${encodeURIComponent(JSON.stringify({ slug: 'no-such-tenant' }))}`,
      { method: 'GET' },
    );
    expectRefusal(answer, 404, 'trpc', 'transport');
    expect(answer.body.error.data.appCode).toBe('not_found');
  });

  it('a refused staff key answers FORBIDDEN with 403', async () => {
    const response = await fetch(`${claims.url}/trpc/staff.stats`, { headers: { 'X-Staff-Key': 'wrong' } });
    const text = await response.text();
    expectRefusal({ status: response.status, headers: response.headers, text, body: JSON.parse(text) }, 403, 'trpc', 'claims');
  });

  it('a validation error answers BAD_REQUEST with 400 on both services', async () => {
    expectRefusal(await send(`${claims.url}/trpc/auth.request`, { body: '{"email":"nope"}' }), 400, 'trpc', 'claims');
    expectRefusal(await send(`${transport.url}/trpc/identity.login`, { body: '{"email":"nope"}' }), 400, 'trpc', 'transport');
  });
});
