import { describe, expect, it } from 'vitest';
import { checksumProblem, unknownMigrationProblem } from './archive-checks.ts';

describe('unknownMigrationProblem', () => {
  it('accepts an archive whose migrations this build knows, also an older one', () => {
    expect(unknownMigrationProblem(['m1'], ['m1', 'm2'])).toBeUndefined();
  });

  it('names the migration this build does not know', () => {
    expect(unknownMigrationProblem(['m1', 'm3'], ['m1', 'm2'])).toMatch(/newer schema \(migration m3 is unknown/);
  });
});

describe('checksumProblem', () => {
  const expected = new Map([
    ['db/a.jsonl', 'aa'],
    ['uploads/x', 'bb'],
  ]);

  it('accepts the parts the manifest lists with their checksums', () => {
    expect(checksumProblem(expected, new Map(expected))).toBeUndefined();
  });

  it('names a changed, a missing and an extra part', () => {
    expect(
      checksumProblem(
        expected,
        new Map([
          ['db/a.jsonl', 'aa'],
          ['uploads/x', 'cc'],
        ]),
      ),
    ).toBe('the archive is damaged: part uploads/x does not match its checksum');
    expect(checksumProblem(expected, new Map([['db/a.jsonl', 'aa']]))).toBe('the archive is damaged: part uploads/x is missing');
    expect(checksumProblem(expected, new Map([...expected, ['home/z', 'dd']]))).toBe(
      'the archive is damaged: part home/z is not in its manifest',
    );
  });
});
