import { describe, expect, it } from 'vitest';
import { refusalMessage } from './refusal-message.ts';

describe('refusalMessage', () => {
  it('says how long to wait on a rate limit with Retry-After', () => {
    expect(
      refusalMessage({ code: 'rate_limited', message: 'Too many requests.', issues: [], retryAfterSeconds: 95 }, 'sign-in requests'),
    ).toBe('Too many sign-in requests. Try again in 2 minutes.');
  });

  it("keeps the server's message otherwise", () => {
    expect(refusalMessage({ code: 'rate_limited', message: 'Too many requests.', issues: [] }, 'sign-in requests')).toBe(
      'Too many requests.',
    );
    expect(refusalMessage({ code: 'validation_error', message: 'Bad email.', issues: [], retryAfterSeconds: 5 }, 'sign-in requests')).toBe(
      'Bad email.',
    );
  });
});
