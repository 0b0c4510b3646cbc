import { MAX_JSON_DEPTH } from '../json-body-check.ts';

/**
 * Input PostgreSQL cannot store, or that the service cannot handle without recursing out of its
 * call stack, would fail a statement (or `JSON.stringify`) as a server error. Every transport input
 * is walked once before any work is done, and the caller is told which field is at fault:
 * - U+0000 in a string or key: PostgreSQL stores no NUL in text or jsonb;
 * - an unpaired UTF-16 surrogate: jsonb refuses the `\uD800` escape JSON.stringify writes for it,
 *   and text would silently get U+FFFD instead;
 * - objects and lists nested deeper than MAX_JSON_DEPTH (the webhook receiver's limit): no field
 *   of this API nests more than a few levels, and JSON.stringify overflows its stack on a few
 *   thousand.
 */
const NUL = '\u0000';
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type UnstorableInput = { field: string; problem: string };

/** A place in the input; the path is spelled out only for the one place that is reported. */
type Place = { value: unknown; key: string | null; parent: Place | null; depth: number };

const keysOf = (place: Place): string[] => {
  const keys: string[] = [];
  for (let at: Place | null = place; at !== null; at = at.parent) {
    if (at.key !== null) {
      keys.push(at.key);
    }
  }

  return keys.reverse();
};

const pathOf = (place: Place): string => {
  const keys = keysOf(place);

  return keys.length > 0 ? keys.join('.') : 'input';
};

const textProblem = (text: string): string | null => {
  if (text.includes(NUL)) {
    return 'must not contain NUL characters';
  }
  if (UNPAIRED_SURROGATE.test(text)) {
    return 'must not contain an unpaired surrogate (invalid UTF-16)';
  }

  return null;
};

/**
 * The first problem found, with the dotted path of its field (`input` for the whole input), or
 * null. Too deep a nesting is reported on the top-level field that holds it, which is the one the
 * caller wrote; the full path would be as long as the nesting. Walks with its own stack.
 */
export const findUnstorableInput = (value: unknown): UnstorableInput | null => {
  const pending: Place[] = [{ value, key: null, parent: null, depth: 0 }];
  for (let place = pending.pop(); place !== undefined; place = pending.pop()) {
    const current = place.value;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) {
        return { field: pathOf(place), problem };
      }
      continue;
    }
    if (typeof current !== 'object' || current === null) {
      continue;
    }
    const depth = place.depth + 1;
    if (depth > MAX_JSON_DEPTH) {
      return { field: keysOf(place)[0] ?? 'input', problem: `must not be nested deeper than ${MAX_JSON_DEPTH} levels` };
    }
    const entries = Array.isArray(current)
      ? current.map((item: unknown, index) => [String(index), item] as const)
      : Object.entries(current);
    for (const [key] of entries) {
      const problem = textProblem(key);
      if (problem) {
        return { field: pathOf(place), problem: `keys ${problem}` };
      }
    }
    // Pushed in reverse so the first field is looked at first, and the answer names it.
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, item] = entries[index] as readonly [string, unknown];
      pending.push({ value: item, key, parent: place, depth });
    }
  }

  return null;
};

export const unstorableInputMessage = (found: UnstorableInput): string => `${found.field} ${found.problem}`;
