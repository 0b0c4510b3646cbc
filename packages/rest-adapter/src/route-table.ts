import type { ZodType } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Who may call a route; each service's OpenAPI options name the security scheme of each level. */
export type Access = 'public' | 'client' | 'staff' | 'tenant' | 'admin' | 'impersonation';

/**
 * One documented REST path and the procedure that serves it. Path parameters, the query string
 * and the JSON body are merged into one input object for the procedure.
 */
export type RestRoute = {
  method: HttpMethod;
  /** OpenAPI-style template: `/api/claims/{claim_number}`. */
  path: string;
  /** Dotted path of the procedure in the router: `claims.submitIntake`. */
  procedure: string;
  /**
   * Where the rest of the input comes from besides path parameters. `raw`: the body's exact bytes
   * and the request headers reach the procedure through its context (signed notifications are
   * verified over the bytes as sent), and the procedure takes no input.
   */
  input: 'none' | 'query' | 'json' | 'multipart' | 'raw';
  successStatus: 200 | 201;
  summary: string;
  tags: string[];
  access: Access;
  /** The schema the procedure validates with, for the OpenAPI document. */
  inputSchema?: ZodType;
  /** Multipart routes: a procedure asked before the body is read, so strangers and full claims stop early. */
  preflight?: string;
  /** Routes that stream a file instead of JSON. */
  streamsFile?: boolean;
  /** Routes that stream a body they generate (an export), of this media type, instead of JSON. */
  streamsBody?: string;
  /** Documented error codes besides the ones every route can give. */
  errors?: string[];
  /** The schema of the success body, for the OpenAPI document. */
  outputSchema?: ZodType;
};

/**
 * What a procedure declares of its REST path, beside its code: `.meta({ rest: {...} })`. The
 * service's route table is derived from its router, so a route always names a real procedure.
 */
export type RestMeta = {
  method: HttpMethod;
  /** OpenAPI-style template: `/api/claims/{claim_number}`. */
  path: string;
  status: 200 | 201;
  /** Where the rest of the input comes from besides path parameters; `none` when left out. */
  input?: RestRoute['input'];
  summary: string;
  tags: string[];
  access: Access;
  errors?: string[];
  streamsFile?: boolean;
  /** Routes that stream a body they generate (an export), of this media type, instead of JSON. */
  streamsBody?: string;
  /** Multipart routes: the procedure (of the same router) asked before the body is read. */
  preflight?: object;
  /** The input as documented, where the procedure's own schema says more than a caller may send. */
  documentedInput?: ZodType;
};

/** The meta every procedure of the HTTP services may carry. */
export type ProcedureMeta = { rest?: RestMeta };

export type CompiledRoute = RestRoute & { pattern: RegExp; paramNames: string[] };

/**
 * Routes in matching order: fewer path parameters first, so a literal path (`/api/routes/import`)
 * wins over a template of the same shape (`/api/routes/{route_id}`) whatever order they were
 * declared in.
 */
export const compileRoutes = (routes: RestRoute[]): CompiledRoute[] =>
  routes
    .map((route) => {
      const paramNames: string[] = [];
      const source = route.path
        .split('/')
        .map((segment) => {
          const match = /^\{(\w+)\}$/.exec(segment);
          if (match?.[1]) {
            paramNames.push(match[1]);

            return '([^/]+)';
          }

          return segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
        })
        .join('/');

      return { ...route, pattern: new RegExp(`^${source}/?$`), paramNames };
    })
    .sort((left, right) => left.paramNames.length - right.paramNames.length);

export type RouteMatch =
  | { kind: 'found'; route: CompiledRoute; params: Record<string, string> }
  | { kind: 'method_not_allowed'; allowed: HttpMethod[] }
  /** A path parameter that is not valid percent-encoding (`%ZZ`): the caller's mistake, not ours. */
  | { kind: 'malformed_path' }
  | { kind: 'none' };

const decodeParam = (raw: string): string | null => {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
};

export const matchRoute = (routes: CompiledRoute[], method: string, pathname: string): RouteMatch => {
  const allowed: HttpMethod[] = [];
  for (const route of routes) {
    const match = route.pattern.exec(pathname);
    if (!match) {
      continue;
    }
    if (route.method !== method) {
      allowed.push(route.method);
      continue;
    }
    const params: Record<string, string> = {};
    for (const [index, name] of route.paramNames.entries()) {
      const value = decodeParam(match[index + 1] ?? '');
      if (value === null) {
        return { kind: 'malformed_path' };
      }
      params[name] = value;
    }

    return { kind: 'found', route, params };
  }

  return allowed.length > 0 ? { kind: 'method_not_allowed', allowed } : { kind: 'none' };
};
