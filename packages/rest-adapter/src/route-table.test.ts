import { describe, expect, it } from 'vitest';
import { compileRoutes, matchRoute, type RestRoute } from './route-table.ts';

const route = (method: RestRoute['method'], path: string): RestRoute => ({
  method,
  path,
  procedure: 'x.y',
  input: 'none',
  successStatus: 200,
  summary: '',
  tags: [],
  access: 'public',
});

const routes = compileRoutes([route('GET', '/api/routes/{id}'), route('DELETE', '/api/routes/{id}')]);

describe('matchRoute', () => {
  it('decodes percent-encoded path parameters', () => {
    const match = matchRoute(routes, 'GET', '/api/routes/a%20b');
    expect(match.kind).toBe('found');
    expect(match.kind === 'found' && match.params).toEqual({ id: 'a b' });
  });

  it('reports a malformed escape instead of throwing', () => {
    expect(matchRoute(routes, 'GET', '/api/routes/%ZZ')).toEqual({ kind: 'malformed_path' });
    expect(matchRoute(routes, 'GET', '/api/routes/%E0%A4%A')).toEqual({ kind: 'malformed_path' });
  });

  it('lists the methods a path does serve', () => {
    expect(matchRoute(routes, 'PUT', '/api/routes/1')).toEqual({ kind: 'method_not_allowed', allowed: ['GET', 'DELETE'] });
    expect(matchRoute(routes, 'GET', '/api/other')).toEqual({ kind: 'none' });
  });
});

describe('compileRoutes', () => {
  it('matches a literal path before a template of the same shape, whatever the declared order', () => {
    const compiled = compileRoutes([
      { ...route('GET', '/api/routes/{id}'), procedure: 'one' },
      { ...route('GET', '/api/routes/import'), procedure: 'list' },
    ]);
    const match = matchRoute(compiled, 'GET', '/api/routes/import');
    expect(match.kind === 'found' && match.route.procedure).toBe('list');
    const other = matchRoute(compiled, 'GET', '/api/routes/r1');
    expect(other.kind === 'found' && other.route.procedure).toBe('one');
  });
});
