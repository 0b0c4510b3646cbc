/**
 * A name or a reference is one line. A line break in one would add lines wherever it is written
 * (a mail body, a log line, a CSV cell), and other control characters (tab, escape, DEL, the C1
 * range, Unicode's line and paragraph separators) have no business in a name either.
 */
// Control characters are what this pattern is for.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export const isSingleLine = (value: string): boolean => !CONTROL_CHARACTERS.test(value);

export const SINGLE_LINE_MESSAGE = 'must be a single line (no line breaks or control characters)';
