import { describe, expect, it } from 'vitest';
import { splitStatements } from './split-statements.ts';

describe('splitStatements', () => {
  it('splits on statement ends and keeps dollar-quoted bodies whole', () => {
    const script = `
      create table a (id int);
      -- a comment line is dropped
      create function f() returns trigger language plpgsql as $$
      begin
        raise exception 'no';
      end;
      $$;
      create index a_idx on a (id);
    `;
    const statements = splitStatements(script);
    expect(statements).toHaveLength(3);
    expect(statements[1]).toContain("raise exception 'no';");
    expect(statements[1]?.endsWith('$$')).toBe(true);
    expect(statements[2]).toBe('create index a_idx on a (id)');
  });
});
