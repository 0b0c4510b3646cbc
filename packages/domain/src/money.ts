const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** `123456` cents -> `$1,234.56`, for every service. Integer arithmetic only; a float never represents money here. */
export const formatCents = (cents: number): string => {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`amount must be a whole number of cents, got ${cents}`);
  }

  return usd.format(cents / 100);
};
