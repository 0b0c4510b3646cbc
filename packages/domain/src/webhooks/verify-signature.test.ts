import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import {
  decodeWhsecKey,
  genericSignature,
  secretProblem,
  githubSignature,
  standardWebhooksSignature,
  verifySignature,
} from './verify-signature.ts';

const body = Buffer.from('{"action":"opened"}');
const secret = 'route-secret';
const now = 1_800_000_000;

describe('verifySignature', () => {
  it('accepts a GitHub sha256 signature of the raw body and refuses a wrong one', () => {
    const good = verifySignature({
      headers: { 'x-hub-signature-256': githubSignature(secret, body) },
      rawBody: body,
      secret,
      nowSeconds: now,
    });
    expect(good).toEqual({ ok: true, scheme: 'github' });
    const wrong = verifySignature({
      headers: { 'x-hub-signature-256': githubSignature('other', body) },
      rawBody: body,
      secret,
      nowSeconds: now,
    });
    expect(wrong).toEqual({ ok: false, scheme: 'github', reason: 'mismatch' });
    const unprefixed = verifySignature({
      headers: { 'x-hub-signature-256': genericSignature(secret, body) },
      rawBody: body,
      secret,
      nowSeconds: now,
    });
    expect(unprefixed).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it('checks the bytes as received, not a re-serialised body', () => {
    const spaced = Buffer.from('{ "action": "opened" }');
    const check = verifySignature({
      headers: { 'x-hub-signature-256': githubSignature(secret, body) },
      rawBody: spaced,
      secret,
      nowSeconds: now,
    });
    expect(check.ok).toBe(false);
  });

  it('compares a GitLab token with the secret', () => {
    expect(verifySignature({ headers: { 'x-gitlab-token': secret }, rawBody: body, secret, nowSeconds: now }).ok).toBe(true);
    expect(verifySignature({ headers: { 'x-gitlab-token': `${secret}x` }, rawBody: body, secret, nowSeconds: now })).toMatchObject({
      ok: false,
      scheme: 'gitlab',
      reason: 'mismatch',
    });
  });

  it('accepts the generic hex signature', () => {
    expect(
      verifySignature({ headers: { 'x-webhook-signature': genericSignature(secret, body) }, rawBody: body, secret, nowSeconds: now }),
    ).toEqual({ ok: true, scheme: 'generic' });
    expect(verifySignature({ headers: { 'x-webhook-signature': 'abc' }, rawBody: body, secret, nowSeconds: now }).ok).toBe(false);
  });

  it('verifies Standard Webhooks with a whsec_ key, several signatures and the five-minute window', () => {
    const whsec = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
    const signature = standardWebhooksSignature(whsec, 'msg_1', now, body);
    const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': String(now), 'webhook-signature': `v1,bm90LWl0 ${signature}` };
    expect(verifySignature({ headers, rawBody: body, secret: whsec, nowSeconds: now })).toEqual({
      ok: true,
      scheme: 'standard-webhooks',
      signedId: 'msg_1',
    });
    expect(verifySignature({ headers, rawBody: body, secret: whsec, nowSeconds: now + 301 })).toMatchObject({
      ok: false,
      reason: 'expired',
    });
    expect(verifySignature({ headers, rawBody: body, secret: whsec, nowSeconds: now - 301 })).toMatchObject({
      ok: false,
      reason: 'expired',
    });
    expect(
      verifySignature({ headers: { ...headers, 'webhook-id': 'msg_2' }, rawBody: body, secret: whsec, nowSeconds: now }),
    ).toMatchObject({ ok: false, reason: 'mismatch' });
    const withoutId = { 'webhook-timestamp': String(now), 'webhook-signature': signature };
    expect(verifySignature({ headers: withoutId, rawBody: body, secret: whsec, nowSeconds: now })).toMatchObject({
      ok: false,
      reason: 'missing',
    });
  });

  it('accepts svix-prefixed headers and raw (non-whsec) keys', () => {
    const headers = { 'svix-id': 'm', 'svix-timestamp': String(now), 'svix-signature': standardWebhooksSignature(secret, 'm', now, body) };
    expect(verifySignature({ headers, rawBody: body, secret, nowSeconds: now }).ok).toBe(true);
  });

  it('keeps GitLab token deliveries working although GitLab also sends webhook-id and webhook-timestamp', () => {
    const headers = { 'webhook-id': 'x', 'webhook-timestamp': String(now - 10_000), 'x-gitlab-token': secret };
    expect(verifySignature({ headers, rawBody: body, secret, nowSeconds: now })).toEqual({ ok: true, scheme: 'gitlab' });
  });

  it('refuses a request that carries no signature at all', () => {
    expect(verifySignature({ headers: {}, rawBody: body, secret, nowSeconds: now })).toEqual({
      ok: false,
      scheme: null,
      reason: 'missing',
    });
  });

  it('decodes whsec_ secrets strictly and fails closed on an unusable key', () => {
    const good = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    expect(decodeWhsecKey(good)?.length).toBe(32);
    for (const bad of [
      'whsec_',
      'whsec_!!!!',
      'whsec_YWJj',
      `whsec_${Buffer.alloc(65).toString('base64')}`,
      `whsec_${Buffer.alloc(32).toString('base64')}!`,
    ]) {
      expect(decodeWhsecKey(bad)).toBeNull();
      expect(secretProblem(bad)).toMatch(/base64 of 24 to 64 bytes/);
      // A forger signing with the empty key Node's lenient decoder would have produced.
      const forged = `v1,${createHmac('sha256', Buffer.alloc(0)).update(`m.${now}.`).update(body).digest('base64')}`;
      const headers = { 'webhook-id': 'm', 'webhook-timestamp': String(now), 'webhook-signature': forged };
      expect(verifySignature({ headers, rawBody: body, secret: bad, nowSeconds: now })).toMatchObject({ ok: false });
    }
    expect(secretProblem(good)).toBeNull();
    expect(secretProblem('plain-text-secret')).toBeNull();
    expect(secretProblem('')).toBe('secret is empty');
  });

  it('refuses everything when the secret is empty', () => {
    const headers = { 'x-hub-signature-256': githubSignature('', body) };
    expect(verifySignature({ headers, rawBody: body, secret: '', nowSeconds: now })).toMatchObject({ ok: false });
    expect(verifySignature({ headers: { 'x-gitlab-token': '' }, rawBody: body, secret: '', nowSeconds: now })).toMatchObject({ ok: false });
  });
});
