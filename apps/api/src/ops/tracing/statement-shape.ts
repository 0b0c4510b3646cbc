/**
 * A statement with its values taken out: the ORM writes values into the SQL it sends (emails,
 * names, amounts), and a trace backend is no place for personal data. String literals (with
 * doubled quotes inside) and numbers become `?`; identifiers, `$1` parameters and the shape stay.
 */
export const statementShape = (text: string): string =>
  text.replace(/'(?:[^']|'')*'/g, '?').replace(/(?<![\w$."])-?\d+(?:\.\d+)?(?:e[+-]?\d+)?\b/gi, '?');
