/** One line of an audit entry's details: a field and what happened to it. */
export type AuditDetailLine = { field: string; value: string; before?: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `first_pickup_date` reads "First pickup date"; nested keys keep their path, "Parent › email". */
const fieldName = (path: readonly string[]): string => {
  const words = path.map((key) => key.replace(/[_-]+/g, ' ').trim()).join(' › ');

  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
};

const show = (value: unknown): string => {
  if (value === null || value === undefined || value === '') {
    return '—';
  }
  if (typeof value === 'boolean') {
    return value ? 'yes' : 'no';
  }
  if (Array.isArray(value)) {
    // A list of records (the invoices of a run) reads one per line; plain values on one line.
    return value.length === 0 ? '—' : value.map(show).join(value.some(isRecord) ? '\n' : ', ');
  }
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([key, inner]) => `${fieldName([key])}: ${show(inner)}`)
      .join('; ');
  }

  return String(value);
};

/** `{from, to}` under a field (`status: {from: 'sent', to: 'void'}`) is that field's change. */
const isChange = (value: unknown): value is { from?: unknown; to?: unknown } =>
  isRecord(value) && Object.keys(value).length > 0 && Object.keys(value).every((key) => key === 'from' || key === 'to');

/** Every leaf of an object, by path; arrays, empty objects and field changes count as leaves. */
const leaves = (value: Record<string, unknown>, path: string[] = []): [string[], unknown][] =>
  Object.entries(value).flatMap(([key, inner]): [string[], unknown][] =>
    isRecord(inner) && Object.keys(inner).length > 0 && !isChange(inner) ? leaves(inner, [...path, key]) : [[[...path, key], inner]],
  );

const lookup = (value: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((current, key) => (isRecord(current) ? current[key] : undefined), value);

/**
 * An audit row's details as lines a person reads: a change (`{from, to}`) as "field: old → new"
 * for each field it touched, anything else as "field: value". The raw JSON stays in the API.
 */
export const describeAuditDetails = (details: Record<string, unknown>): AuditDetailLine[] => {
  const { from, to, ...rest } = details;
  const lines: AuditDetailLine[] = [];
  if (isRecord(to) || isRecord(from)) {
    const after = isRecord(to) ? to : {};
    const before = isRecord(from) ? from : {};
    const paths = new Map<string, string[]>();
    for (const [path] of [...leaves(after), ...leaves(before)]) {
      paths.set(path.join('\u0000'), path);
    }
    for (const path of paths.values()) {
      const old = lookup(before, path);
      const now = lookup(after, path);
      if (isRecord(from) && JSON.stringify(old) === JSON.stringify(now)) {
        continue;
      }
      lines.push({ field: fieldName(path), value: isRecord(to) ? show(now) : 'removed', ...(isRecord(from) ? { before: show(old) } : {}) });
    }
  } else {
    if (from !== undefined) rest.from = from;
    if (to !== undefined) rest.to = to;
  }
  for (const [path, value] of leaves(rest)) {
    if (isChange(value)) {
      lines.push({
        field: fieldName(path),
        value: 'to' in value ? show(value.to) : 'removed',
        ...('from' in value ? { before: show(value.from) } : {}),
      });
    } else {
      lines.push({ field: fieldName(path), value: show(value) });
    }
  }

  return lines;
};
