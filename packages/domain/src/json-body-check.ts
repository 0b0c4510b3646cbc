/**
 * Limits a JSON input must respect before it is stored, shared by the services: the webhook
 * receiver checks a body's raw bytes with `checkJsonBody` below, before parsing it; the transport
 * service checks its parsed input against the same depth in `transport/unstorable-input.ts`,
 * because tRPC parses its own bodies and query input.
 *
 * Limits a webhook body must respect before it is parsed and stored. Valid JSON can still be
 * refused: nesting without bound makes rendering and the database's parser work (and recurse) far
 * more than the body's size suggests, and PostgreSQL's jsonb rejects `\u0000`, unpaired surrogate
 * escapes and numbers beyond its numeric range. Refusing them up front gives the sender a 400 it
 * will not retry, instead of a 500 it retries forever.
 */
export const MAX_JSON_DEPTH = 64;
/** Within PostgreSQL's numeric range whatever the digits: at most 1000 digits shifted by at most 1000 places. */
export const MAX_NUMBER_CHARS = 1000;
export const MAX_NUMBER_EXPONENT = 1000;

export type JsonBodyProblem = 'too deep' | 'nul character' | 'unpaired surrogate' | 'number out of range';

export const JSON_BODY_PROBLEMS: Record<JsonBodyProblem, string> = {
  'too deep': `payload nested deeper than ${MAX_JSON_DEPTH} levels`,
  'nul character': 'payload contains a \\u0000 character',
  'unpaired surrogate': 'payload contains an unpaired surrogate escape',
  'number out of range': 'payload contains a number out of range',
};

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LOWER_U = 0x75;

const hexValue = (byte: number | undefined): number => {
  if (byte === undefined) {
    return -1;
  }
  if (byte >= 0x30 && byte <= 0x39) {
    return byte - 0x30;
  }
  const lower = byte | 0x20;

  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
};

/** The code unit of `\uXXXX` whose `u` is at `at`, or -1 when the four digits are not hex. */
const escapedUnit = (raw: Uint8Array, at: number): number => {
  let unit = 0;
  for (let k = at + 1; k <= at + 4; k++) {
    const digit = hexValue(raw[k]);
    if (digit < 0) {
      return -1;
    }
    unit = unit * 16 + digit;
  }

  return unit;
};

const isLowSurrogate = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * One pass over the raw bytes, no recursion and no allocation (a few µs for a typical 1.5 KB body). It does not validate the JSON (the
 * parser that follows does); on malformed input it only has to stop without throwing.
 */
export const checkJsonBody = (raw: Uint8Array): JsonBodyProblem | null => {
  const length = raw.length;
  let depth = 0;
  let numberChars = 0;
  let exponent = -1;
  let i = 0;
  while (i < length) {
    const byte = raw[i] as number;
    if (byte === QUOTE) {
      numberChars = 0;
      exponent = -1;
      i++;
      while (i < length) {
        const inner = raw[i] as number;
        if (inner === QUOTE) {
          break;
        }
        if (inner !== BACKSLASH) {
          i++;
          continue;
        }
        if (raw[i + 1] !== LOWER_U) {
          i += 2;
          continue;
        }
        const unit = escapedUnit(raw, i + 1);
        if (unit === 0) {
          return 'nul character';
        }
        if (unit >= 0xd800 && unit <= 0xdbff) {
          if (raw[i + 6] !== BACKSLASH || raw[i + 7] !== LOWER_U || !isLowSurrogate(escapedUnit(raw, i + 7))) {
            return 'unpaired surrogate';
          }
          i += 12;
          continue;
        }
        if (isLowSurrogate(unit)) {
          return 'unpaired surrogate';
        }
        i += 6;
      }
      i++;
      continue;
    }
    if (byte === 0x5b || byte === 0x7b) {
      depth++;
      if (depth > MAX_JSON_DEPTH) {
        return 'too deep';
      }
    } else if (byte === 0x5d || byte === 0x7d) {
      depth--;
    }
    // Outside strings these bytes only occur in numbers (and the `e` of true/false, harmlessly).
    const numeric = (byte >= 0x30 && byte <= 0x39) || byte === 0x2d || byte === 0x2b || byte === 0x2e || (byte | 0x20) === 0x65;
    if (!numeric) {
      numberChars = 0;
      exponent = -1;
    } else {
      numberChars++;
      if (numberChars > MAX_NUMBER_CHARS) {
        return 'number out of range';
      }
      if ((byte | 0x20) === 0x65) {
        exponent = 0;
      } else if (exponent >= 0 && byte >= 0x30 && byte <= 0x39) {
        exponent = exponent * 10 + (byte - 0x30);
        if (exponent > MAX_NUMBER_EXPONENT) {
          return 'number out of range';
        }
      }
    }
    i++;
  }

  return null;
};
