import { describe, expect, it } from 'vitest';
import { headersToStore, isMaskedHeader, MASKED_HEADER_VALUE, SIGNATURE_HEADERS } from './stored-headers.ts';

describe('headersToStore', () => {
  it('masks every header the signature check reads', () => {
    const headers = Object.fromEntries(SIGNATURE_HEADERS.map((name) => [name, 'secret-value']));
    expect(Object.values(headersToStore(headers))).toEqual(SIGNATURE_HEADERS.map(() => MASKED_HEADER_VALUE));
  });

  it('masks headers named like a signature, token, secret or key, whatever their case', () => {
    for (const name of [
      'X-Hub-Signature',
      'X-Signature',
      'Stripe-Signature',
      'X-Gitlab-Token',
      'Authorization',
      'X-Api-Key',
      'X-Shared-Secret',
      'Cookie',
    ]) {
      expect(isMaskedHeader(name), name).toBe(true);
    }
    expect(headersToStore({ 'Stripe-Signature': 't=1,v1=abc' })).toEqual({ 'stripe-signature': MASKED_HEADER_VALUE });
  });

  it('keeps the other headers, lower-cased, repeated ones joined', () => {
    expect(
      headersToStore({
        'X-GitHub-Event': 'issues',
        'content-type': 'application/json',
        via: ['a', 'b'],
        absent: undefined,
        'webhook-id': 'msg_1',
      }),
    ).toEqual({ 'x-github-event': 'issues', 'content-type': 'application/json', via: 'a, b', 'webhook-id': 'msg_1' });
  });
});
