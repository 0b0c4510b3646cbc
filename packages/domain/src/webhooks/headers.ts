/** Request headers as node:http delivers them: lower-case names, repeated headers as arrays. */
export type HeaderBag = Readonly<Record<string, string | string[] | undefined>>;

/** The first value of a header, looked up case-insensitively; empty values count as absent. */
export const headerValue = (headers: HeaderBag, name: string): string | undefined => {
  const lower = name.toLowerCase();
  let value = headers[lower];
  if (value === undefined) {
    const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === lower);
    value = key === undefined ? undefined : headers[key];
  }
  const first = Array.isArray(value) ? value[0] : value;

  return first === undefined || first === '' ? undefined : first;
};
