import { z } from 'zod';
import type { Access, RestRoute } from './route-table.ts';

export type OpenApiInfo = { title: string; version: string; description?: string };

export type OpenApiSecurity = {
  /** The security scheme that each non-public access level requires. */
  schemeFor: Partial<Record<Exclude<Access, 'public'>, string>>;
  schemes: Record<string, Record<string, unknown>>;
};

const ERROR_STATUS: Record<string, string> = {
  validation_error: '400',
  unauthorized: '401',
  forbidden: '403',
  not_found: '404',
  conflict: '409',
  payload_too_large: '413',
  unsupported_media_type: '415',
  rate_limited: '429',
};

const errorEnvelope = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'string' }, message: { type: 'string' } },
    },
  },
};

const toJsonSchema = (schema: z.ZodType, io: 'input' | 'output' = 'input'): Record<string, unknown> => {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;

  return json;
};

/** Builds an OpenAPI 3.1 document from the route table and the procedures' own input and output schemas. */
export const buildOpenApiDocument = (info: OpenApiInfo, routes: RestRoute[], security: OpenApiSecurity) => {
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
      responses: {
        [String(route.successStatus)]: route.streamsFile
          ? { description: 'The file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }
          : { description: 'Success', content: { 'application/json': { schema: route.outputSchema ? toJsonSchema(route.outputSchema, 'output') : { type: 'object' } } } },
        ...Object.fromEntries(
          ['validation_error', ...(route.errors ?? [])].map((code) => [
            ERROR_STATUS[code] ?? '500',
            { description: code, content: { 'application/json': { schema: errorEnvelope } } },
          ]),
        ),
      },
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
      // The body is read as sent (a provider's signed notification), so it is documented as bytes.
      operation.requestBody = { required: true, content: { 'application/json': { schema: { type: 'object', description: 'The provider notification, verified over its exact bytes' } } } };
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
    components: { securitySchemes: security.schemes },
  };
};
