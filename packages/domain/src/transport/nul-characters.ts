/**
 * PostgreSQL cannot store U+0000 in text or jsonb, so a NUL that reached a statement would fail it
 * as a server error. Every transport input is searched for one before any work is done, and the
 * caller is told which field holds it.
 */
const NUL = '\u0000';

/** A place in the input; the path is spelled out only for the one place that is reported. */
type Place = { value: unknown; key: string | null; parent: Place | null };

const pathOf = (place: Place): string => {
  const keys: string[] = [];
  for (let at: Place | null = place; at !== null; at = at.parent) {
    if (at.key !== null) {
      keys.push(at.key);
    }
  }

  return keys.length > 0 ? keys.reverse().join('.') : 'input';
};

/**
 * The dotted path of the first string or object key that contains NUL (`input` for a bare
 * string), or null. Walks with its own stack: a JSON body may nest deeper than the call stack.
 */
export const findNulCharacter = (value: unknown): string | null => {
  const pending: Place[] = [{ value, key: null, parent: null }];
  for (let place = pending.pop(); place !== undefined; place = pending.pop()) {
    const current = place.value;
    if (typeof current === 'string') {
      if (current.includes(NUL)) {
        return pathOf(place);
      }
      continue;
    }
    if (typeof current !== 'object' || current === null) {
      continue;
    }
    const entries = Array.isArray(current) ? current.map((item: unknown, index) => [String(index), item] as const) : Object.entries(current);
    if (entries.some(([key]) => key.includes(NUL))) {
      return pathOf(place);
    }
    // Pushed in reverse so the first field is looked at first, and the answer names it.
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, item] = entries[index] as readonly [string, unknown];
      pending.push({ value: item, key, parent: place });
    }
  }

  return null;
};

export const nulCharacterProblem = (field: string): string => `${field} must not contain NUL characters`;
