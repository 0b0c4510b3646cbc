/** `primary_color`, `primaryColor` and `Primary-Color` are one key to an operator writing JSON by hand. */
const normalizeKey = (key: string): string => key.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The theme's string values under any spelling of `names` (given normalized, e.g. `primarycolor`),
 * in the order of `names`, so a caller can fall through to the next when one is unusable. Values
 * that are not strings are not settings this app understands.
 */
export const themeStrings = (theme: Readonly<Record<string, unknown>>, names: readonly string[]): string[] => {
  const byName = new Map<string, string[]>();
  for (const [key, value] of Object.entries(theme)) {
    if (typeof value === 'string' && value.trim() !== '') {
      const name = normalizeKey(key);
      byName.set(name, [...(byName.get(name) ?? []), value.trim()]);
    }
  }

  return names.flatMap((name) => byName.get(name) ?? []);
};
