import { headerValue, type HeaderBag } from './headers.ts';
import { MISSING, readPath } from './payload-path.ts';

/**
 * Route filters, parsed once from config.yaml so that a malformed filter is reported at load time
 * instead of silently rejecting every event.
 */
export type Filter =
  | { op: 'all'; of: Filter[] }
  | { op: 'any'; of: Filter[] }
  | { op: 'not'; of: Filter }
  | { op: 'exists'; field: string; expected: boolean }
  | { op: 'missing'; field: string }
  | { op: 'equals'; field: string; value: unknown }
  | { op: 'not_equals'; field: string; value: unknown }
  | { op: 'contains'; field: string; value: unknown }
  | { op: 'in'; field: string; values: unknown[] }
  | { op: 'in_file'; field: string; path: string }
  | { op: 'regex'; field: string; pattern: RegExp };

export type FilterContext = {
  payload: unknown;
  eventType: string;
  headers: HeaderBag;
  /** Reads the list named by an `in_file` filter (I/O stays with the caller). */
  loadList: (path: string) => readonly unknown[];
};

export type ParsedFilter = { ok: true; filter: Filter | null } | { ok: false; problem: string };

const FIELD_OPERATORS = ['exists', 'missing', 'equals', 'not_equals', 'contains', 'in', 'in_file', 'regex'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

class FilterSyntaxError extends Error {}

const parseSpec = (spec: unknown, where: string): Filter => {
  if (Array.isArray(spec)) {
    return { op: 'all', of: spec.map((item, index) => parseSpec(item, `${where}[${index}]`)) };
  }
  if (!isRecord(spec)) {
    throw new FilterSyntaxError(`${where}: a filter must be a mapping or a list`);
  }
  for (const group of ['all', 'any'] as const) {
    if (group in spec) {
      const members = spec[group];
      if (!Array.isArray(members)) {
        throw new FilterSyntaxError(`${where}.${group}: must be a list of filters`);
      }

      return { op: group, of: members.map((item, index) => parseSpec(item, `${where}.${group}[${index}]`)) };
    }
  }
  if ('not' in spec) {
    return { op: 'not', of: parseSpec(spec.not, `${where}.not`) };
  }
  const field = spec.field;
  if (typeof field !== 'string' || field === '') {
    throw new FilterSyntaxError(`${where}: needs "field" or one of all, any, not`);
  }
  const operator = FIELD_OPERATORS.find((name) => name in spec);
  switch (operator) {
    case 'exists':
      return { op: 'exists', field, expected: spec.exists !== false };
    case 'missing':
      return spec.missing === false ? { op: 'exists', field, expected: true } : { op: 'missing', field };
    case 'equals':
    case 'not_equals':
    case 'contains':
      return { op: operator, field, value: spec[operator] };
    case 'in': {
      if (!Array.isArray(spec.in)) {
        throw new FilterSyntaxError(`${where}.in: must be a list`);
      }

      return { op: 'in', field, values: spec.in };
    }
    case 'in_file': {
      if (typeof spec.in_file !== 'string' || spec.in_file === '') {
        throw new FilterSyntaxError(`${where}.in_file: must be a file path`);
      }

      return { op: 'in_file', field, path: spec.in_file };
    }
    case 'regex': {
      if (typeof spec.regex !== 'string') {
        throw new FilterSyntaxError(`${where}.regex: must be a string`);
      }
      try {
        return { op: 'regex', field, pattern: new RegExp(spec.regex) };
      } catch {
        throw new FilterSyntaxError(`${where}.regex: invalid regular expression`);
      }
    }
    default:
      throw new FilterSyntaxError(`${where}: no operator (one of ${FIELD_OPERATORS.join(', ')}, all, any, not)`);
  }
};

/** Parses a route's `filters` value; absent or empty means "every event passes". */
export const parseFilters = (raw: unknown): ParsedFilter => {
  if (raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0)) {
    return { ok: true, filter: null };
  }
  try {
    return { ok: true, filter: parseSpec(raw, 'filters') };
  } catch (error) {
    if (error instanceof FilterSyntaxError) {
      return { ok: false, problem: error.message };
    }
    throw error;
  }
};

/**
 * `event` / `event_type` name the resolved event type, `headers.<Name>` a request header
 * (case-insensitive), `payload.<path>` or a bare path a payload field.
 */
const resolveField = (field: string, context: FilterContext): unknown => {
  if (field === 'event' || field === 'event_type') {
    return context.eventType;
  }
  if (field.startsWith('headers.')) {
    return headerValue(context.headers, field.slice('headers.'.length)) ?? MISSING;
  }
  if (field === 'payload') {
    return context.payload;
  }
  const path = field.startsWith('payload.') ? field.slice('payload.'.length) : field;

  return readPath(context.payload, path);
};

const deepEqual = (left: unknown, right: unknown): boolean => {
  if (left === right) {
    return true;
  }
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) {
    return false;
  }

  return stableJson(left) === stableJson(right);
};

const stableJson = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    isRecord(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b))) : inner,
  );

const asText = (value: unknown): string => (typeof value === 'string' ? value : stableJson(value));

const contains = (haystack: unknown, needle: unknown): boolean => {
  if (Array.isArray(haystack)) {
    return haystack.some((item) => deepEqual(item, needle));
  }
  if (isRecord(haystack)) {
    return typeof needle === 'string' && Object.hasOwn(haystack, needle);
  }

  return asText(haystack).includes(asText(needle));
};

export const evaluateFilter = (filter: Filter, context: FilterContext): boolean => {
  switch (filter.op) {
    case 'all':
      return filter.of.every((member) => evaluateFilter(member, context));
    case 'any':
      return filter.of.some((member) => evaluateFilter(member, context));
    case 'not':
      return !evaluateFilter(filter.of, context);
    default:
      break;
  }
  const value = resolveField(filter.field, context);
  const present = value !== MISSING;
  switch (filter.op) {
    case 'exists':
      return present === filter.expected;
    case 'missing':
      return !present;
    case 'equals':
      return present && deepEqual(value, filter.value);
    case 'not_equals':
      return !present || !deepEqual(value, filter.value);
    case 'contains':
      return present && contains(value, filter.value);
    case 'in':
      return present && filter.values.some((candidate) => deepEqual(value, candidate));
    case 'in_file':
      return present && context.loadList(filter.path).some((candidate) => deepEqual(value, candidate));
    case 'regex':
      return present && filter.pattern.test(asText(value));
  }
};

/**
 * Content of an `in_file` list: a JSON array gives its items, a JSON object its keys, another JSON
 * value itself; any other text gives its non-empty lines.
 */
export const parseListFile = (text: string): unknown[] => {
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed)) {
      return parsed;
    }

    return isRecord(parsed) ? Object.keys(parsed) : [parsed];
  } catch {
    return text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== '');
  }
};
