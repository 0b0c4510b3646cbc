/** An amount in cents as a person reads it in the invoice's currency (`$105.00`, `CA$95.50`, `€12.00`). */
export const moneyText = (cents: number, currency: string): string => {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
  } catch {
    // A code Intl does not know is written out rather than guessed.
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
};

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** `2026-12-02` -> `Wednesday 2 December 2026`. */
export const dayText = (date: string): string => {
  const at = new Date(`${date}T00:00:00Z`);
  const month = at.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });

  return `${WEEKDAYS[at.getUTCDay()] ?? ''} ${at.getUTCDate()} ${month} ${at.getUTCFullYear()}`;
};

/** How an invoice of a part week says so: `3 of 5 school days (from Wednesday 2 December 2026)`. */
export const proRataText = (schoolDays: number, cycleStart: string): string => {
  const from = new Date(Date.parse(`${cycleStart}T00:00:00Z`) + (5 - schoolDays) * 86_400_000).toISOString().slice(0, 10);

  return `${schoolDays} of 5 school days (from ${dayText(from)})`;
};

/**
 * Cents to the currency's smallest unit, as payment providers take amounts: the same for two-decimal
 * currencies (USD 10.50 -> 1050), whole units for zero-decimal ones (JPY 1500.00 -> 1500), rounded.
 */
export const minorUnits = (cents: number, currency: string): number => {
  let digits = 2;
  try {
    digits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // An unknown code keeps hundredths.
  }

  return Math.round(cents * 10 ** (digits - 2));
};
