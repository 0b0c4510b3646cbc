const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Amounts arrive as numbers of dollars (`175`, `58.32`). */
export const formatDollars = (amount: number | null | undefined): string => (amount == null ? '—' : dollars.format(amount));
