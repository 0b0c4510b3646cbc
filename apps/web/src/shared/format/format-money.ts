const formatters = new Map<string, Intl.NumberFormat>();

/** Amounts arrive as numbers of currency units (`175`, `58.32`) with the ISO 4217 code they are in. */
export const formatMoney = (amount: number | null | undefined, currency: string): string => {
  if (amount == null) {
    return '—';
  }
  let formatter = formatters.get(currency);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    } catch {
      // A code the browser does not know is written out rather than guessed.
      return `${amount.toFixed(2)} ${currency}`;
    }
    formatters.set(currency, formatter);
  }

  return formatter.format(amount);
};
