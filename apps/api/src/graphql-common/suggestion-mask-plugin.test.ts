import { describe, expect, it } from 'vitest';
import { withoutSuggestions } from './suggestion-mask-plugin.ts';

describe('withoutSuggestions', () => {
  it("takes out every form of graphql-js's suggestion and leaves the rest of the message", () => {
    expect(withoutSuggestions('Cannot query field "rutes" on type "Query". Did you mean "routes"?')).toBe(
      'Cannot query field "rutes" on type "Query".',
    );
    expect(withoutSuggestions('Unknown argument "frist" on field "Query.households". Did you mean "first", "after", or "tenant"?')).toBe(
      'Unknown argument "frist" on field "Query.households".',
    );
    expect(withoutSuggestions('Value "NEWW" does not exist in "ClaimStatus" enum. Did you mean the enum value "NEW"?')).toBe(
      'Value "NEWW" does not exist in "ClaimStatus" enum.',
    );
    expect(withoutSuggestions('Cannot query field "x" on type "Node". Did you mean to use an inline fragment on "Claim"?')).toBe(
      'Cannot query field "x" on type "Node".',
    );
    expect(withoutSuggestions('The query is nested 9 levels deep; at most 8 are allowed.')).toBe(
      'The query is nested 9 levels deep; at most 8 are allowed.',
    );
  });
});
