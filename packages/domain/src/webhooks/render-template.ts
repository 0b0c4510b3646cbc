import { MISSING, readPath } from './payload-path.ts';

const PLACEHOLDER = /\{([A-Za-z0-9_][A-Za-z0-9_.-]*)\}/g;

const display = (value: unknown): string => {
  if (typeof value === 'string') {
    return value;
  }
  if (typeof value === 'object' && value !== null) {
    return JSON.stringify(value, null, 2);
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

/** The prompt of a route: its template rendered, or the whole payload as JSON when it has none. */
export const renderPrompt = (template: string | undefined, payload: unknown): string =>
  template === undefined || template === '' ? JSON.stringify(payload, null, 2) : renderTemplate(template, payload);
