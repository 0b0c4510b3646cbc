export const NUMBER_PREFIXES = ['CLM', 'CLT'] as const;
export type NumberPrefix = (typeof NUMBER_PREFIXES)[number];

/** `CLM`, 2026, 7 -> `CLM-2026-0007`; past 9999 the counter simply grows wider. */
export const formatSequenceNumber = (prefix: NumberPrefix, year: number, counter: number): string =>
  `${prefix}-${year}-${String(counter).padStart(4, '0')}`;

export const CLAIM_NUMBER_PATTERN = /^CLM-\d{4}-\d{4,}$/;
