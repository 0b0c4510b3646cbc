import { describe, expect, it } from 'vitest';
import { estimateCost } from '../../graphql-common/estimate-cost.ts';
import { parse } from '../../graphql-common/graphql-js.ts';
import { claimsGraphqlSchema } from './schema.ts';

const costOf = (query: string, variables?: Record<string, unknown>) =>
  estimateCost({ schema: claimsGraphqlSchema, document: parse(query), variables });

const NESTED = '{ edges { node { client { recentClaims(first: 25) { documents { id } } } } } }';

describe('estimateCost', () => {
  it('weighs a page asked with last as the same page asked with first', () => {
    expect(costOf(`{ claims(last: 100) ${NESTED} }`)).toBe(costOf(`{ claims(first: 100) ${NESTED} }`));
    expect(costOf(`{ claims(last: 3) { nodes { id } } }`)).toBe(costOf(`{ claims(first: 3) { nodes { id } } }`));
    expect(costOf(`{ claims(last: 3) { nodes { id } } }`)).toBeLessThan(costOf(`{ claims { nodes { id } } }`));
  });

  it('takes last from variables and clamps it to the largest page', () => {
    const query = `query Page($n: Int) { claims(last: $n) ${NESTED} }`;

    expect(costOf(query, { n: 100 })).toBe(costOf(`{ claims(first: 100) ${NESTED} }`));
    expect(costOf(query, { n: 100_000 })).toBe(costOf(query, { n: 100 }));
    // Unset, it is the default page, as when no size is given at all.
    expect(costOf(query, {})).toBe(costOf(`{ claims ${NESTED} }`));
  });

  it('counts the larger size when both are given', () => {
    expect(costOf(`{ claims(first: 2, last: 100) ${NESTED} }`)).toBe(costOf(`{ claims(first: 100) ${NESTED} }`));
  });
});
