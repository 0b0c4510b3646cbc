/**
 * The checks a restore makes before it changes anything. Each answers one line for the operator,
 * or undefined when the archive may be restored.
 */

/** A migration the archive's database had applied that this build does not carry: a newer schema. */
export const unknownMigrationProblem = (archiveMigrations: readonly string[], knownMigrations: readonly string[]): string | undefined => {
  const known = new Set(knownMigrations);
  const unknown = archiveMigrations.filter((name) => !known.has(name));
  if (unknown.length === 0) {
    return undefined;
  }

  return `the archive comes from a newer schema (migration ${unknown.join(', ')} is unknown to this version); restore it with that version or later`;
};

/** The parts the manifest lists against the parts found, each with its SHA-256. */
export const checksumProblem = (expected: ReadonlyMap<string, string>, found: ReadonlyMap<string, string>): string | undefined => {
  for (const [name, checksum] of expected) {
    const actual = found.get(name);
    if (actual === undefined) {
      return `the archive is damaged: part ${name} is missing`;
    }
    if (actual !== checksum) {
      return `the archive is damaged: part ${name} does not match its checksum`;
    }
  }
  for (const name of found.keys()) {
    if (!expected.has(name)) {
      return `the archive is damaged: part ${name} is not in its manifest`;
    }
  }

  return undefined;
};
