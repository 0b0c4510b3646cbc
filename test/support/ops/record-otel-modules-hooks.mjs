import { appendFileSync } from 'node:fs';

const WATCHED = /@opentelemetry|import-in-the-middle|require-in-the-middle/;
let file;

export const initialize = (data) => {
  file = data.file;
};

export const resolve = async (specifier, context, next) => {
  const resolved = await next(specifier, context);
  if (file && WATCHED.test(resolved.url)) {
    appendFileSync(file, `${resolved.url}\n`);
  }

  return resolved;
};
