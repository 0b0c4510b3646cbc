import { describe, expect, it } from 'vitest';
import { tablesInDependencyOrder } from './table-order.ts';

describe('tablesInDependencyOrder', () => {
  it('puts every referenced table before the tables naming it', () => {
    const order = tablesInDependencyOrder(
      ['claims_note', 'claims_claim', 'claims_client', 'claims_debtor'],
      [
        { from: 'claims_claim', to: 'claims_client' },
        { from: 'claims_claim', to: 'claims_debtor' },
        { from: 'claims_note', to: 'claims_claim' },
      ],
    );
    expect(order.indexOf('claims_client')).toBeLessThan(order.indexOf('claims_claim'));
    expect(order.indexOf('claims_debtor')).toBeLessThan(order.indexOf('claims_claim'));
    expect(order.indexOf('claims_claim')).toBeLessThan(order.indexOf('claims_note'));
    expect(order).toHaveLength(4);
  });

  it('ignores a table naming itself and references to tables outside the list', () => {
    expect(
      tablesInDependencyOrder(
        ['b', 'a'],
        [
          { from: 'a', to: 'a' },
          { from: 'b', to: 'elsewhere' },
        ],
      ),
    ).toEqual(['a', 'b']);
  });

  it('still orders every table when two name each other', () => {
    expect(
      tablesInDependencyOrder(
        ['x', 'y', 'z'],
        [
          { from: 'x', to: 'y' },
          { from: 'y', to: 'x' },
          { from: 'z', to: 'x' },
        ],
      ),
    ).toEqual(['x', 'y', 'z']);
  });
});
