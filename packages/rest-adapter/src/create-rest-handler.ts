import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeToResponse } from './pipe-to-response.ts';
import { DomainError } from '@switchyard/domain/errors';
import { compileRoutes, matchRoute, type RestRoute } from './route-table.ts';
import { readJsonBody, readRawBody } from './read-json-body.ts';
import { receiveMultipart, type MultipartOptions, type StagedUpload } from './multipart-upload.ts';
import { sendJson } from './send-json.ts';
import { drainRequest } from './drain-request.ts';

/**
 * A file a procedure asks the adapter to stream back. `open` is called before any header goes out,
 * so a store that cannot give the file is still answered with an error status.
 */
export type FileResponse = { open: () => Promise<Readable>; mimeType: string; fileName: string; sizeBytes: number };

/**
 * A body the procedure generates piece by piece: an export, sent as a download under `fileName`,
 * or a stream of events (`text/event-stream`, no file name) that lasts as long as the connection.
 */
export type StreamResponse = { contentType: string; fileName?: string; chunks: AsyncIterable<string> };

/** What a procedure can reach of the REST transport through its context. */
export type RestTransport = {
  upload?: StagedUpload;
  sendFile?: (file: FileResponse) => void;
  /** A `raw` route's body bytes and headers. */
  raw?: { body: Buffer; headers: IncomingHttpHeaders };
  sendStream?: (stream: StreamResponse) => void;
};

export type ErrorResponse = { status: number; body: unknown; headers?: Record<string, string> };

/**
 * What the server tells the adapter about one request besides the request itself: the path to
 * match (the server may have read a prefix off it, such as a tenant's) and a hint of its own that
 * reaches the context unchanged.
 */
export type RestRequest<Hint> = { path: string; hint: Hint };

export type RestHandlerOptions<Ctx, Hint> = {
  routes: RestRoute[];
  /** Builds the procedure context for one request; `transport` carries uploads and file answers. */
  createContext: (req: IncomingMessage, transport: RestTransport, hint: Hint) => Promise<Ctx> | Ctx;
  /** Hears the template of the route a request matched (`/api/claims/{claim_number}`). */
  onMatch?: (template: string, hint: Hint) => void;
  /** Calls the procedure at a dotted path with the merged input. */
  call: (ctx: Ctx, procedure: string, input: unknown) => Promise<unknown>;
  toErrorResponse: (error: unknown) => ErrorResponse;
  maxJsonBytes: number;
  multipart?: Omit<MultipartOptions, 'allowedFields'> & { allowedFields: readonly string[] };
  streamFile: (res: ServerResponse, file: FileResponse) => Promise<void>;
  /**
   * Query parameters any path accepts because the service reads them itself (the transport
   * service's `tenant` and `slug` hints); they are never part of a procedure's input.
   */
  contextQueryParams?: readonly string[];
};

/**
 * Sends a generated body as a download, chunk by chunk, waiting for the client to take each one
 * (so a slow reader never makes the whole body pile up in memory). A client that goes away ends the
 * generation quietly; a failure after the first chunk ends the connection, so the client sees a
 * cut-off transfer rather than a short file passed as whole.
 */
const sendStream = async (res: ServerResponse, status: number, stream: StreamResponse): Promise<void> => {
  res.statusCode = status;
  res.setHeader('Content-Type', stream.contentType);
  if (stream.fileName !== undefined) {
    res.setHeader('Content-Disposition', `attachment; filename="${stream.fileName.replace(/[^\w.-]/g, '_')}"`);
  }
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (stream.contentType.startsWith('text/event-stream')) {
    // Events must reach the viewer as written: no buffering proxy, headers out before the first event.
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
  }
  // An event stream is read one chunk ahead at most: what a slow client has not taken stays
  // with the producer, which decides what to keep (the live streams keep one position per bus).
  const readAhead = stream.contentType.startsWith('text/event-stream') ? { highWaterMark: 1 } : {};
  await pipeToResponse(Readable.from(stream.chunks, readAhead), res);
};

const parseQuery = (url: URL, skipped: readonly string[]): Record<string, string> => {
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) {
    if (skipped.includes(key)) {
      continue;
    }
    if (key in query) {
      throw new DomainError('validation_error', `The query parameter "${key}" is given more than once.`);
    }
    query[key] = value;
  }

  return query;
};

const mergeInput = (params: Record<string, string>, rest: unknown): unknown => {
  if (rest === undefined) {
    return Object.keys(params).length > 0 ? params : undefined;
  }
  if (typeof rest !== 'object' || rest === null || Array.isArray(rest)) {
    throw new DomainError('validation_error', 'The request body must be a JSON object.');
  }
  for (const key of Object.keys(params)) {
    if (key in rest) {
      throw new DomainError('validation_error', `"${key}" comes from the path and may not be sent in the body.`);
    }
  }

  return { ...rest, ...params };
};

/**
 * Serves the documented REST paths by calling the same procedures the tRPC endpoint exposes.
 * Returns false when no route matches, so the server can try its other handlers.
 */
export const createRestHandler = <Ctx, Hint>(options: RestHandlerOptions<Ctx, Hint>) => {
  const routes = compileRoutes(options.routes);

  return async (req: IncomingMessage, res: ServerResponse, at: RestRequest<Hint>): Promise<boolean> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match = matchRoute(routes, req.method ?? 'GET', at.path);
    if (match.kind === 'none') {
      return false;
    }
    if (match.kind === 'found') {
      options.onMatch?.(match.route.path, at.hint);
    }
    let upload: StagedUpload | undefined;
    let recorded = false;
    try {
      if (match.kind === 'method_not_allowed') {
        res.setHeader('Allow', match.allowed.join(', '));
        throw new DomainError('not_found', `${req.method} is not served at ${at.path}.`);
      }
      if (match.kind === 'malformed_path') {
        throw new DomainError('validation_error', 'The path has a malformed percent-encoded character.');
      }
      const { route, params } = match;
      let fileAnswer: FileResponse | undefined;
      let streamAnswer: StreamResponse | undefined;
      const transport: RestTransport = { sendFile: (file) => (fileAnswer = file), sendStream: (stream) => (streamAnswer = stream) };
      const ctx = await options.createContext(req, transport, at.hint);

      let rest: unknown;
      const contextParams = options.contextQueryParams ?? [];
      if (route.input === 'query') {
        rest = parseQuery(url, contextParams);
      } else if ([...url.searchParams.keys()].some((key) => !contextParams.includes(key))) {
        throw new DomainError('validation_error', 'This path takes no query parameters.');
      }
      if (route.input === 'json') {
        rest = await readJsonBody(req, options.maxJsonBytes);
      } else if (route.input === 'raw') {
        transport.raw = { body: await readRawBody(req, options.maxJsonBytes), headers: req.headers };
      } else if (route.input === 'multipart') {
        if (!options.multipart) {
          throw new Error(`multipart route ${route.path} without multipart options`);
        }
        if (route.preflight) {
          await options.call(ctx, route.preflight, params);
        }
        const received = await receiveMultipart(req, options.multipart);
        if (!received.file) {
          throw new DomainError('validation_error', `Attach the file in the field "${options.multipart.fileField}".`);
        }
        upload = received.file;
        transport.upload = upload;
        rest = received.fields;
      } else if (route.input === 'none' && Number(req.headers['content-length'] ?? 0) > 0) {
        // A body where none belongs is ignored rather than refused: logout from some clients sends "{}".
        req.resume();
      }

      const result = await options.call(ctx, route.procedure, mergeInput(params, rest));
      recorded = true;
      if (route.streamsFile) {
        if (!fileAnswer) {
          throw new Error(`route ${route.path} produced no file`);
        }
        await options.streamFile(res, fileAnswer);

        return true;
      }
      if (route.streamsBody) {
        if (!streamAnswer) {
          throw new Error(`route ${route.path} produced no stream`);
        }
        await sendStream(res, route.successStatus, streamAnswer);

        return true;
      }
      sendJson(res, route.successStatus, result);
    } catch (error) {
      if (upload && !recorded) {
        await upload.discard();
      }
      const answer = options.toErrorResponse(error);
      // A file that failed mid-stream has sent its status and headers already: all that is left
      // is to end the connection, so the client sees a cut-off transfer rather than a short file.
      if (res.headersSent) {
        res.destroy();

        return true;
      }
      for (const [name, value] of Object.entries(answer.headers ?? {})) {
        res.setHeader(name, value);
      }
      // Whatever of the body is still unread is read and dropped first, so the client sees the
      // answer, not a broken pipe; a body too large for that ends the connection after the answer.
      // A body refused for its size (413) is not read on: the connection ends after the answer.
      if (!req.readableEnded && (answer.status === 413 || !(await drainRequest(req)))) {
        res.setHeader('Connection', 'close');
      }
      sendJson(res, answer.status, answer.body);
    }

    return true;
  };
};
