export type Metadata = Record<string, unknown>;

/**
 * GoTrue's metadata update: a shallow merge into what is stored, where a key set to null is
 * removed. A user with no metadata yet simply takes the patch (without its null keys).
 */
export const mergeMetadata = (stored: Metadata | null | undefined, patch: Metadata): Metadata => {
  const merged: Metadata = { ...(stored ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) {
      delete merged[key];
    } else {
      merged[key] = value;
    }
  }

  return merged;
};

export const isPlainObject = (value: unknown): value is Metadata =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
