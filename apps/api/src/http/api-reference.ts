import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The API reference page at `/api/docs`: Swagger UI from the installed swagger-ui-dist package,
 * served by the service itself (no CDN, works offline), reading the service's own
 * `/api/openapi.json`. Links are relative, so the page works under `/{tenant}/api/docs` too.
 */
const SWAGGER_UI = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The only files served from the package, by the name the page asks for. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const page = (title: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} API reference</title>
<link rel="stylesheet" href="docs/swagger-ui.css">
<link rel="icon" type="image/png" href="docs/favicon-32x32.png">
</head>
<body>
<div id="api-reference"></div>
<script src="docs/swagger-ui-bundle.js"></script>
<script src="docs/start.js"></script>
</body>
</html>
`;

/** A separate file, not inline: the services' Content-Security-Policy runs only scripts of their own origin. */
const START = `window.ui = SwaggerUIBundle({ url: new URL('openapi.json', location.href).href, dom_id: '#api-reference', deepLinking: true });\n`;

const sendText = (res: ServerResponse, type: string, body: string, cacheControl: string) => {
  res.statusCode = 200;
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.setHeader('Cache-Control', cacheControl);
  res.end(body);
};

/** Answers GET `/api/docs` and its assets; false for every other request. */
export const createApiReferenceHandler = (title: string) => {
  const html = page(title.replace(/[<>&"]/g, ''));

  return async (req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return false;
    }
    // `/docs` is where people look first; without this it would answer the web app's page.
    if (pathname === '/docs' || pathname === '/docs/') {
      res.statusCode = 302;
      res.setHeader('Location', '/api/docs');
      res.end();

      return true;
    }
    if (pathname === '/api/docs') {
      sendText(res, 'text/html; charset=utf-8', html, 'no-cache');

      return true;
    }
    const asset = /^\/api\/docs\/([\w.-]+)$/.exec(pathname)?.[1];
    if (asset === 'start.js') {
      sendText(res, 'text/javascript; charset=utf-8', START, 'no-cache');

      return true;
    }
    const type = asset ? ASSETS[asset] : undefined;
    if (!asset || !type) {
      return false;
    }
    const file = join(SWAGGER_UI, asset);
    const info = await stat(file);
    res.statusCode = 200;
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Length', info.size);
    // The package's files change only with its version, which a restart brings.
    res.setHeader('Cache-Control', 'public, max-age=86400');
    if (req.method === 'HEAD') {
      res.end();

      return true;
    }
    createReadStream(file).pipe(res);

    return true;
  };
};
