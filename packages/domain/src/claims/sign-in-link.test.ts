import { describe, expect, it } from 'vitest';
import { portalSignInPageLink, signInLink } from './sign-in-link.ts';

describe('signInLink', () => {
  it.each([
    ['https://portal.example.test', 'https://portal.example.test/portal/verify?token=abc_-1'],
    ['https://portal.example.test/', 'https://portal.example.test/portal/verify?token=abc_-1'],
    ['https://example.test/portal', 'https://example.test/portal/portal/verify?token=abc_-1'],
    ['https://example.test/portal/', 'https://example.test/portal/portal/verify?token=abc_-1'],
    ['https://example.test/a/b//', 'https://example.test/a/b/portal/verify?token=abc_-1'],
    ['http://localhost:3001', 'http://localhost:3001/portal/verify?token=abc_-1'],
  ])('puts the verify page under %s', (portalUrl, expected) => {
    expect(signInLink(portalUrl, 'abc_-1')).toBe(expected);
  });

  it('keeps only the token in the query and drops a fragment of the base', () => {
    expect(signInLink('https://example.test/portal?x=1#top', 'abc')).toBe('https://example.test/portal/portal/verify?token=abc');
  });

  it('encodes the token as a query value', () => {
    expect(signInLink('https://example.test', 'a+b/c=&d')).toBe('https://example.test/portal/verify?token=a%2Bb%2Fc%3D%26d');
  });
});

describe('portalSignInPageLink', () => {
  it('opens the sign-in page under the base path with the email filled in, encoded', () => {
    expect(portalSignInPageLink('https://example.test/app/', 'ann+1@example.test')).toBe(
      'https://example.test/app/portal/sign-in?email=ann%2B1%40example.test',
    );
  });
});
