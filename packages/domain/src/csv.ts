/**
 * A text a spreadsheet would run as a formula: one that starts with =, +, -, or @, also after
 * leading white space (spreadsheets skip spaces, tabs and line breaks before a formula), or that
 * starts with a tab, a carriage return or a line feed at all.
 */
const FORMULA_START = /^(?:\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r\n])/;

/**
 * One CSV cell (RFC 4180). A text that a spreadsheet would run as a formula gets a leading
 * apostrophe, which spreadsheets show as text; numbers are written as they are.
 */
export const csvCell = (value: string | number | null): string => {
  if (value === null) {
    return '';
  }
  if (typeof value === 'number') {
    return String(value);
  }
  const text = FORMULA_START.test(value) ? `'${value}` : value;

  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
};

/** One CSV record, ended with CRLF as RFC 4180 writes it. */
export const csvRow = (values: readonly (string | number | null)[]): string => `${values.map(csvCell).join(',')}\r\n`;

/** Cents as dollars with two decimals and no thousands separator: 250000 -> "2500.00". */
export const centsAsDecimal = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);

  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
};
