/** How a field weighs in the cost estimate (estimate-cost.ts); read from the field's extensions. */
export type CostHint = {
  /** Cost of the field itself; composite fields default to 1, leaves to 0. */
  base?: number;
  /**
   * Arguments whose value says how many items the field returns (a page size, such as `first`
   * or `last`). The largest one given counts, so the estimate never undercounts.
   */
  sizeArguments?: readonly string[];
  /** Items assumed when the argument is absent, or for lists without one. */
  assumedSize?: number;
  /** Larger values are refused by the resolver, so the estimate never counts past them. */
  maxSize?: number;
};

/** `extensions` for a field with a cost hint. */
export const cost = (hint: CostHint) => ({ cost: hint });
