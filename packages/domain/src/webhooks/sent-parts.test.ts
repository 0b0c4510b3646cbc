import { describe, expect, it } from 'vitest';
import { recordsProgressAfter, unsentParts } from './sent-parts.ts';

describe('unsentParts', () => {
  it('starts with the first part no earlier attempt sent, keeping positions', () => {
    expect(unsentParts(['a', 'b', 'c'], 0)).toEqual([
      { index: 0, text: 'a' },
      { index: 1, text: 'b' },
      { index: 2, text: 'c' },
    ]);
    expect(unsentParts(['a', 'b', 'c'], 1)).toEqual([
      { index: 1, text: 'b' },
      { index: 2, text: 'c' },
    ]);
  });

  it('sends nothing more when every part is out, whatever the recorded count', () => {
    expect(unsentParts(['a', 'b'], 2)).toEqual([]);
    expect(unsentParts(['a', 'b'], 5)).toEqual([]);
    expect(unsentParts(['a'], -1)).toEqual([{ index: 0, text: 'a' }]);
  });
});

describe('recordsProgressAfter', () => {
  it('records after every part but the last', () => {
    expect(recordsProgressAfter(0, 1)).toBe(false);
    expect(recordsProgressAfter(0, 3)).toBe(true);
    expect(recordsProgressAfter(1, 3)).toBe(true);
    expect(recordsProgressAfter(2, 3)).toBe(false);
  });
});
