import { MISSING, readPath } from './payload-path.ts';

const PLACEHOLDER = /\{([A-Za-z0-9_][A-Za-z0-9_.-]*)\}/g;

/** An object or list placeholder renders at most this many characters. */
export const MAX_VALUE_CHARS = 4000;
/** A whole prompt (or the payload rendered without a template) is cut at this many characters. */
export const MAX_PROMPT_CHARS = 20_000;
export const TRUNCATION_MARK = '\n… (truncated)';

/** Cuts to `limit` code units plus a mark, never between the halves of a surrogate pair. */
export const truncateText = (text: string, limit: number): string => {
  if (text.length <= limit) {
    return text;
  }
  const code = text.charCodeAt(limit - 1);
  const cut = code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;

  return `${text.slice(0, cut)}${TRUNCATION_MARK}`;
};

/**
 * Indented JSON, bounded: indentation grows with depth, so the compact form (at most a constant
 * factor of the body) is measured first and a value already over the limit is cut compact.
 */
const boundedJson = (value: unknown, limit: number): string => {
  const compact = JSON.stringify(value);
  if (compact.length > limit) {
    return truncateText(compact, limit);
  }

  return truncateText(JSON.stringify(value, null, 2), limit);
};

const display = (value: unknown): string => {
  if (typeof value === 'string') {
    return value;
  }
  if (typeof value === 'object' && value !== null) {
    return boundedJson(value, MAX_VALUE_CHARS);
  }

  return String(value);
};

/**
 * Replaces `{a.b.0.c}` with the payload value at that path. A path that leads nowhere stays as
 * written, so a typo is visible in the result instead of becoming an empty string. A backslash-n
 * typed in the template (shells pass it literally) becomes a line break; values are not touched.
 */
export const renderTemplate = (template: string, payload: unknown): string =>
  template
    .split('\\n')
    .map((part) =>
      part.replace(PLACEHOLDER, (whole, path: string) => {
        const value = readPath(payload, path);

        return value === MISSING ? whole : display(value);
      }),
    )
    .join('\n');

/** The prompt of a route: its template rendered, or the whole payload as JSON when it has none; both bounded. */
export const renderPrompt = (template: string | undefined, payload: unknown): string =>
  template === undefined || template === ''
    ? boundedJson(payload, MAX_PROMPT_CHARS)
    : truncateText(renderTemplate(template, payload), MAX_PROMPT_CHARS);
