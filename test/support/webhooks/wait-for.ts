/** Polls until `check` returns a value (not undefined/false) or the time runs out. */
export const waitFor = async <T>(
  check: () => Promise<T> | T,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<Exclude<T, undefined | false | null>> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false && value !== null) {
      return value as Exclude<T, undefined | false | null>;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};
