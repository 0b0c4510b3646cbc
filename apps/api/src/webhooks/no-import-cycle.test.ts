import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The webhook service's rooms (receiver/, delivery/, gateway/, routes/) import one way; a cycle
// between two of its files is the first step back to one tangle, so it fails here.
const ROOT = dirname(fileURLToPath(import.meta.url));
const IMPORT = /(?:from\s+|import\(\s*)['"](\.{1,2}\/[^'"]+\.ts)['"]/g;

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return sourceFiles(path);
    }

    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });

/** Relative imports of each file that stay inside the webhook service (type-only imports count too). */
const importGraph = (): Map<string, string[]> =>
  new Map(
    sourceFiles(ROOT).map((file) => [
      file,
      [...readFileSync(file, 'utf8').matchAll(IMPORT)]
        .map((match) => resolve(dirname(file), match[1] ?? ''))
        .filter((target) => target.startsWith(`${ROOT}/`)),
    ]),
  );

/** One cycle as a list of files (relative to the service), or null. */
export const findCycle = (graph: ReadonlyMap<string, readonly string[]>): string[] | null => {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): string[] | null => {
    if (state.get(file) === 'done') {
      return null;
    }
    if (state.get(file) === 'open') {
      return [...path.slice(path.indexOf(file)), file];
    }
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle !== null) {
        return cycle;
      }
    }
    path.pop();
    state.set(file, 'done');

    return null;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle !== null) {
      return cycle.map((entry) => entry.slice(ROOT.length + 1));
    }
  }

  return null;
};

describe('webhook service imports', () => {
  it('form no cycle', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(40);
    expect(findCycle(graph)).toBeNull();
  });

  it('a cycle is found when there is one', () => {
    const file = (name: string) => `${ROOT}/${name}`;
    const graph = new Map([
      [file('a.ts'), [file('b.ts')]],
      [file('b.ts'), [file('c.ts')]],
      [file('c.ts'), [file('a.ts')]],
    ]);
    expect(findCycle(graph)).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
  });
});
