/** Polls until `check` returns a value (not undefined/false) or the time runs out. */
export const waitFor = async <T>(check: () => Promise<T> | T, timeoutMs = 10_000, what = 'condition'): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false && value !== null) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};
