/**
 * The `Retry-After` seconds of a refused answer, when the server sent one. tRPC's httpLink keeps
 * the raw `Response` in the error's `meta`; only the delta-seconds form is read, which is the
 * only form the API sends.
 */
export const retryAfterOf = (meta: Record<string, unknown> | undefined): number | undefined => {
  const response = meta?.response;
  if (!(response instanceof Response)) {
    return undefined;
  }
  const header = response.headers.get('Retry-After');
  const seconds = header === null || header.trim() === '' ? Number.NaN : Number(header);

  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
};
