import { describe, expect, it } from 'vitest';
import { policyTitle, policyTitles } from './policy-titles.ts';

describe('policyTitle', () => {
  it('gives the known policies their titles', () => {
    expect(policyTitles(['rider-safety', 'payment-terms', 'pickup-policy'])).toBe(
      'Rider safety rules, Payment terms, Afternoon pickup at the stop',
    );
  });

  it('shows an unknown code as words, never as a code', () => {
    expect(policyTitle('photo_consent-form')).toBe('Photo consent form');
  });
});
