/** The billing row shapes type their timestamps loosely; the drivers give a Date or ISO text. */
export const asInstant = (value: unknown): Date | string => (value instanceof Date || typeof value === 'string' ? value : String(value));

export const asInstantOrNull = (value: unknown): Date | string | null => (value === null || value === undefined ? null : asInstant(value));
