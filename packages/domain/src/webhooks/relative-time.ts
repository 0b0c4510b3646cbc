/**
 * Times as an operator types and reads them at a terminal: `--since 2h` (or 90s, 15m, 7d, 2w, or an
 * ISO date and time), and "5m ago" in tables.
 */
const UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** The instant `text` names, or null when it is neither a duration back from `now` nor a date. */
export const parseSince = (text: string, now: Date): Date | null => {
  const trimmed = text.trim();
  const duration = /^(\d{1,6})\s*([smhdw])$/i.exec(trimmed);
  if (duration !== null) {
    const unit = UNIT_MS[(duration[2] ?? '').toLowerCase()] ?? 0;

    return new Date(now.getTime() - Number(duration[1]) * unit);
  }
  if (!/^\d{4}-\d{2}-\d{2}/.test(trimmed)) {
    return null;
  }
  const date = new Date(trimmed);

  return Number.isNaN(date.getTime()) ? null : date;
};

export const SINCE_HINT = 'a duration such as 30m, 2h, 7d, or a date such as 2026-11-24 or 2026-11-24T10:00:00Z';

/** "just now", "42s ago", "5m ago", "3h ago", "2d ago"; a time ahead of `now` reads "in 5m". */
export const formatAgo = (then: Date, now: Date): string => {
  const diff = now.getTime() - then.getTime();
  const size = Math.abs(diff);
  if (size < 1_000) {
    return 'just now';
  }
  const [unit, ms] =
    size < 60_000 ? ['s', 1_000] : size < 3_600_000 ? ['m', 60_000] : size < 86_400_000 ? ['h', 3_600_000] : ['d', 86_400_000];
  const amount = `${Math.floor(size / ms)}${unit}`;

  return diff >= 0 ? `${amount} ago` : `in ${amount}`;
};

/** Rows of cells as aligned columns (two spaces apart), the first row being the header. */
export const alignColumns = (rows: readonly (readonly string[])[]): string[] => {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, index) => {
      widths[index] = Math.max(widths[index] ?? 0, cell.length);
    });
  }

  return rows.map((row) =>
    row
      .map((cell, index) => (index === row.length - 1 ? cell : cell.padEnd(widths[index] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
};
