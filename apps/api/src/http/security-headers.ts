import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Headers every answer carries. The SPA loads nothing from other origins, so the policy is tight;
 * the one exception a service may name is where its map's tile images come from.
 */
export const applySecurityHeaders = (res: ServerResponse, isProduction: boolean, options: { imageSource?: string } = {}): void => {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader(
    'Content-Security-Policy',
    `default-src 'self'; img-src 'self' data: blob:${options.imageSource ? ` ${options.imageSource}` : ''}; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'`,
  );
  if (isProduction) {
    res.setHeader('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  }
};

/** In production, a request that did not arrive over HTTPS is refused before anything else runs. */
export const arrivedOverHttps = (req: IncomingMessage, trustProxy: boolean): boolean => {
  if ((req.socket as { encrypted?: boolean }).encrypted) {
    return true;
  }
  if (trustProxy) {
    const proto = req.headers['x-forwarded-proto'];
    const value = (Array.isArray(proto) ? proto[0] : proto)?.split(',')[0]?.trim().toLowerCase();

    return value === 'https';
  }

  return false;
};
