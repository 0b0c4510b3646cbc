/**
 * A reading that costs queries, taken at most once per `maxAgeMs` and shared by every scrape (and
 * every gauge of one scrape): a scrape within the window gets the last reading, and scrapes that
 * arrive while one is being taken wait for that one.
 */
export const cachedCollection = <T>(read: () => Promise<T>, options: { maxAgeMs: number; now: () => number }) => {
  let last: { at: number; value: T } | null = null;
  let pending: Promise<T> | null = null;

  return (): Promise<T> => {
    if (last && options.now() - last.at < options.maxAgeMs) {
      return Promise.resolve(last.value);
    }
    pending ??= read()
      .then((value) => {
        last = { at: options.now(), value };

        return value;
      })
      .finally(() => {
        pending = null;
      });

    return pending;
  };
};
