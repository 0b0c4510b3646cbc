/** Marks a path that leads nowhere, distinct from a present `null`. */
export const MISSING: unique symbol = Symbol('missing');

/**
 * Walks a dot path through objects and arrays; all-digit segments index arrays. Returns MISSING
 * as soon as a segment does not exist.
 */
export const readPath = (root: unknown, path: string): unknown => {
  let current: unknown = root;
  for (const segment of path.split('.')) {
    if (Array.isArray(current) && /^\d+$/.test(segment)) {
      const index = Number(segment);
      if (index >= current.length) {
        return MISSING;
      }
      current = current[index];
    } else if (typeof current === 'object' && current !== null && !Array.isArray(current)) {
      if (!Object.hasOwn(current, segment)) {
        return MISSING;
      }
      current = (current as Record<string, unknown>)[segment];
    } else {
      return MISSING;
    }
  }

  return current;
};
