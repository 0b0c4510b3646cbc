/**
 * Splits a migration script into single statements, because prepared statements (PGlite, and
 * PostgreSQL's extended protocol) take one command each. Dollar-quoted bodies are kept whole.
 */
export const splitStatements = (script: string): string[] => {
  const statements: string[] = [];
  let current = '';
  let inDollarQuote = false;
  for (const line of script.split('\n')) {
    if (!inDollarQuote && /^\s*--/.test(line)) {
      continue;
    }
    current += `${line}\n`;
    const dollarMarks = line.match(/\$\$/g)?.length ?? 0;
    if (dollarMarks % 2 === 1) {
      inDollarQuote = !inDollarQuote;
    }
    if (!inDollarQuote && line.trimEnd().endsWith(';')) {
      statements.push(current.trim().replace(/;$/, ''));
      current = '';
    }
  }
  if (current.trim()) {
    statements.push(current.trim());
  }

  return statements;
};
