/**
 * A query of `levels` fragments on `type`, each spreading the previous one twice, with `leaf` in the
 * first: about 40 bytes a level, and 2^levels copies of `leaf` once spread out. Thirty levels are
 * 1.3 KB and 400 tokens, well inside the body and token limits.
 */
export const fragmentDoubling = (levels: number, type: string, leaf: string): string => {
  const lines = [`query Doubling { ...F${levels} }`, `fragment F0 on ${type} { ${leaf} }`];
  for (let level = 1; level <= levels; level += 1) {
    lines.push(`fragment F${level} on ${type} { ...F${level - 1} ...F${level - 1} }`);
  }

  return lines.join('\n');
};

/** Resolves `request`'s value, and records under `name` when it settled, beside the others in `order`. */
export const settledInOrder = <T>(order: string[], name: string, request: Promise<T>): Promise<T> =>
  request.then((value) => {
    order.push(name);

    return value;
  });
