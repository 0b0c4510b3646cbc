import { describe, expect, it } from 'vitest';
import { statementShape } from './statement-shape.ts';

describe('statementShape', () => {
  it('takes out string and number literals, keeping identifiers, parameters and casts', () => {
    expect(
      statementShape(`select id from claims_client where email = 'ann.o''neil@example.test' and x1 = 42 and amount > -3.5e2 limit $1`),
    ).toBe('select id from claims_client where email = ? and x1 = ? and amount > ? limit $1');
    expect(statementShape(`insert into "t2" ("col_1") values ('2026-11-27T12:00:00.000Z'::timestamptz, 7)`)).toBe(
      'insert into "t2" ("col_1") values (?::timestamptz, ?)',
    );
  });
});
