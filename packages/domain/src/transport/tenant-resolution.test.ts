import { describe, expect, it } from 'vitest';
import {
  namedProtectedTenant,
  resolveProtectedTenant,
  resolvePublicTenant,
  resolveSignupTenant,
  subdomainTenant,
} from './tenant-resolution.ts';

const none = { pathTenant: null, headerTenant: null, queryTenant: null, host: null };

describe('tenant resolution', () => {
  it('protected: user tenant, then path, then header, then demo', () => {
    expect(resolveProtectedTenant('acme', { ...none, pathTenant: 'x', headerTenant: 'y' })).toBe('acme');
    expect(resolveProtectedTenant(null, { ...none, pathTenant: 'x', headerTenant: 'y' })).toBe('x');
    expect(resolveProtectedTenant(undefined, { ...none, headerTenant: 'Y' })).toBe('y');
    expect(resolveProtectedTenant(null, none)).toBe('demo');
  });

  it('named: the same order without the demo default, so a write can tell that no tenant was given', () => {
    expect(namedProtectedTenant('acme', { ...none, headerTenant: 'y' })).toBe('acme');
    expect(namedProtectedTenant(null, { ...none, pathTenant: 'X' })).toBe('x');
    expect(namedProtectedTenant(null, { ...none, headerTenant: ' y ' })).toBe('y');
    expect(namedProtectedTenant(null, { ...none, headerTenant: '  ' })).toBeNull();
    expect(namedProtectedTenant(null, { ...none, queryTenant: 'q', host: 'sub.example.com' })).toBeNull();
  });

  it('public: query, header, subdomain, path, demo', () => {
    const all = { pathTenant: 'p', headerTenant: 'h', queryTenant: 'q', host: 'sub.example.com' };
    expect(resolvePublicTenant(all)).toBe('q');
    expect(resolvePublicTenant({ ...all, queryTenant: null })).toBe('h');
    expect(resolvePublicTenant({ ...all, queryTenant: null, headerTenant: null })).toBe('sub');
    expect(resolvePublicTenant({ ...all, queryTenant: null, headerTenant: null, host: 'www.example.com' })).toBe('p');
    expect(resolvePublicTenant(none)).toBe('demo');
  });

  it('skips www, my, app, ops, webmail, numeric labels, bare domains and addresses', () => {
    for (const host of [
      'www.a.com',
      'my.a.com',
      'app.a.com',
      'ops.a.com',
      'webmail.a.com',
      '42.a.com',
      'a.com',
      '127.0.0.1:3002',
      'localhost:3002',
    ]) {
      expect(subdomainTenant(host)).toBeNull();
    }
    expect(subdomainTenant('Acme.transport.example:443')).toBe('acme');
  });

  it('signup: body, header, demo; never the host', () => {
    expect(resolveSignupTenant('b', { ...none, headerTenant: 'h', host: 'x.y.z' })).toBe('b');
    expect(resolveSignupTenant(null, { ...none, headerTenant: 'h' })).toBe('h');
    expect(resolveSignupTenant('', { ...none, host: 'x.y.z', pathTenant: 'p' })).toBe('demo');
  });
});
