import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/**
 * Serves a built single-page app: real files by path, and its page (`index`) for every other GET
 * so client-side routes such as /portal/verify load the app. One build holds the pages of several
 * services side by side, so no HTML file is served by its own name: each service answers with its
 * own page only.
 */
export const createStaticHandler = (root: string, index = 'index.html') => {
  const base = normalize(root + sep);

  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return false;
    }
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    let file = normalize(join(base, pathname));
    if (!file.startsWith(base)) {
      return false;
    }
    let info = extname(file) === '.html' ? null : await stat(file).catch(() => null);
    const isAsset = info?.isFile() ?? false;
    if (!isAsset) {
      file = join(base, index);
      info = await stat(file).catch(() => null);
      if (!info?.isFile()) {
        return false;
      }
    }
    res.statusCode = 200;
    res.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
    res.setHeader('Content-Length', info?.size ?? 0);
    // Hashed asset names may be cached for good; the HTML must always be fresh.
    res.setHeader('Cache-Control', isAsset && pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    if (req.method === 'HEAD') {
      res.end();

      return true;
    }
    createReadStream(file).pipe(res);

    return true;
  };
};
