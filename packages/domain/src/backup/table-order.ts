/** A foreign key: rows of `from` name rows of `to`. */
export type TableReference = { from: string; to: string };

/**
 * The tables in an order that inserts every referenced row before the rows naming it. A table
 * naming itself adds no constraint between tables; a cycle between tables (none in the schema
 * today) is broken at the alphabetically first table so the order is still total and stable.
 */
export const tablesInDependencyOrder = (tables: readonly string[], references: readonly TableReference[]): string[] => {
  const known = new Set(tables);
  const needs = new Map<string, Set<string>>(tables.map((table) => [table, new Set<string>()]));
  for (const { from, to } of references) {
    if (from !== to && known.has(from) && known.has(to)) {
      needs.get(from)?.add(to);
    }
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  const remaining = [...tables].sort();
  while (remaining.length > 0) {
    const ready = remaining.find((table) => [...(needs.get(table) ?? [])].every((needed) => placed.has(needed))) ?? remaining[0];
    if (ready === undefined) {
      break;
    }
    ordered.push(ready);
    placed.add(ready);
    remaining.splice(remaining.indexOf(ready), 1);
  }

  return ordered;
};
