import { z } from 'zod';
import type { Access, RestRoute } from './route-table.ts';

export type OpenApiInfo = { title: string; version: string; description?: string };

export type OpenApiSecurity = {
  /** The security scheme that each non-public access level requires. */
  schemeFor: Partial<Record<Exclude<Access, 'public'>, string>>;
  schemes: Record<string, Record<string, unknown>>;
};

/** How a service answers its failures: the status of each error code and the body they carry. */
export type OpenApiErrors = {
  statusOf: Record<string, number>;
  /** JSON Schema of the service's error envelope. */
  schema: Record<string, unknown>;
};

/** Refusals every route can give: a bad input, an unexpected failure, the database out of reach for a moment. */
const ALWAYS = ['validation_error', 'internal_error', 'service_unavailable'];
/** Refusals of every route that reads a JSON body. */
const JSON_BODY = ['payload_too_large', 'unsupported_media_type'];

const toJsonSchema = (schema: z.ZodType, io: 'input' | 'output' = 'input'): Record<string, unknown> => {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;

  return json;
};

/** What a route answers on success: the file it streams, or the JSON its output schema describes. */
const successResponse = (route: RestRoute) => {
  if (route.streamsBody === 'text/event-stream') {
    return {
      description:
        'A stream of Server-Sent Events (`event:`, `id:` and JSON `data:` lines; `:` comments keep it alive); it stays open until the client closes it',
      content: { 'text/event-stream': { schema: { type: 'string' } } },
    };
  }
  if (route.streamsFile || route.streamsBody) {
    return {
      description: 'The file',
      content: { [route.streamsBody ?? 'application/octet-stream']: { schema: { type: 'string', format: 'binary' } } },
    };
  }

  return {
    description: 'Success',
    ...(route.outputSchema ? { content: { 'application/json': { schema: toJsonSchema(route.outputSchema, 'output') } } } : {}),
  };
};

/** Each error status a route can answer, with the codes behind it, all in the service's envelope. */
const errorResponses = (route: RestRoute, errors: OpenApiErrors) => {
  const codes = new Set([...ALWAYS, ...(route.input === 'json' ? JSON_BODY : []), ...(route.errors ?? [])]);
  const byStatus = new Map<string, string[]>();
  for (const code of codes) {
    const status = String(errors.statusOf[code] ?? 500);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }

  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([left], [right]) => left.localeCompare(right))
      .map(([status, statusCodes]) => [
        status,
        {
          description: statusCodes.join(', '),
          ...(status === '429'
            ? { headers: { 'Retry-After': { description: 'Seconds until the limit opens', schema: { type: 'integer' } } } }
            : {}),
          ...(status === '503'
            ? { headers: { 'Retry-After': { description: 'Seconds after which to try again', schema: { type: 'integer' } } } }
            : {}),
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      ]),
  );
};

/**
 * Builds an OpenAPI 3.1 document from the route table, derived from the procedures: their input
 * and output schemas, and the service's own error envelope and statuses.
 */
export const buildOpenApiDocument = (info: OpenApiInfo, routes: RestRoute[], security: OpenApiSecurity, errors: OpenApiErrors) => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
    const inputSchema = route.inputSchema ? toJsonSchema(route.inputSchema) : undefined;
    const properties = (inputSchema?.properties ?? {}) as Record<string, unknown>;
    const required = new Set((inputSchema?.required as string[] | undefined) ?? []);
    const parameters: unknown[] = pathParams.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: properties[name] ?? { type: 'string' },
    }));
    if (route.input === 'query') {
      for (const [name, schema] of Object.entries(properties)) {
        parameters.push({ name, in: 'query', required: required.has(name), schema });
      }
    }
    const operation: Record<string, unknown> = {
      operationId: route.procedure,
      summary: route.summary,
      tags: route.tags,
      parameters,
      security: route.access === 'public' ? [] : [{ [security.schemeFor[route.access] ?? route.access]: [] }],
      responses: { [String(route.successStatus)]: successResponse(route), ...errorResponses(route, errors) },
    };
    if (route.input === 'json' && inputSchema) {
      const bodyProperties = Object.fromEntries(Object.entries(properties).filter(([name]) => !pathParams.includes(name)));
      operation.requestBody = {
        required: true,
        content: {
          'application/json': {
            schema: { ...inputSchema, properties: bodyProperties, required: [...required].filter((name) => !pathParams.includes(name)) },
          },
        },
      };
    }
    if (route.input === 'raw') {
      // The body is read as sent (a provider's signed notification) and verified over its exact bytes.
      operation.requestBody = {
        required: true,
        content: {
          'application/json': { schema: { type: 'object', description: 'The provider notification, verified over its exact bytes' } },
        },
      };
    }
    if (route.input === 'multipart') {
      const fieldProperties = Object.fromEntries(Object.entries(properties).filter(([name]) => !pathParams.includes(name)));
      operation.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' }, ...fieldProperties } },
          },
        },
      };
    }
    const path = (paths[route.path] ??= {});
    path[route.method.toLowerCase()] = operation;
  }

  return {
    openapi: '3.1.0',
    info,
    paths,
    components: { securitySchemes: security.schemes, schemas: { Error: errors.schema } },
  };
};
