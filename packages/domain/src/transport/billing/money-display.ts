const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** `17500` cents -> `$175.00`, the way the claims service shows money; integer cents only. */
export const formatUsdCents = (cents: number): string => {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`amount must be a whole number of cents, got ${cents}`);
  }

  return usd.format(cents / 100);
};
