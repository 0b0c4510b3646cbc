/** Request headers as node:http delivers them: lower-case names, repeated headers as arrays. */
export type HeaderBag = Readonly<Record<string, string | string[] | undefined>>;

/** The first value of a header, looked up case-insensitively; empty values count as absent. */
export const headerValue = (headers: HeaderBag, name: string): string | undefined => {
  const lower = name.toLowerCase();
  // Own properties only: `headers.constructor` must not find Object's.
  let value = Object.hasOwn(headers, lower) ? headers[lower] : undefined;
  if (value === undefined) {
    // Runs for every absent header of every request: the length test spares most lower-casing.
    for (const key in headers) {
      if (key.length === lower.length && Object.hasOwn(headers, key) && key.toLowerCase() === lower) {
        value = headers[key];
        break;
      }
    }
  }
  const first = Array.isArray(value) ? value[0] : value;

  return first === undefined || first === '' ? undefined : first;
};
