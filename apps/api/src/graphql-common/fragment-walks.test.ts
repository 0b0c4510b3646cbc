import { describe, expect, it } from 'vitest';
import { depthLimitRule } from './depth-limit-rule.ts';
import { documentSizeRule } from './document-size-rule.ts';
import { estimateCost } from './estimate-cost.ts';
import {
  buildSchema,
  GraphQLError,
  Kind,
  parse,
  TypeInfo,
  ValidationContext,
  type ASTVisitor,
  type DocumentNode,
  type OperationDefinitionNode,
} from './graphql-js.ts';
import { namesSchemaFields } from './introspection.ts';

/**
 * The rules that follow fragments read each fragment once, however often it is spread: a document
 * whose every fragment spreads the previous one twice must cost its length to check, not 2^levels.
 * Counted by watching the fragments' selection sets being read, so linearity is asserted as a fact
 * of the walk rather than as a timing.
 */

const schema = buildSchema('type Query { a: Int q: Query list(first: Int): [Query] }');

/** `fragment F1 on Query { ...F0 ...F0 } ... fragment F<levels> ...`, with `leaf` inside F0. */
const doubling = (levels: number, leaf: string): string => {
  let text = `query Doubling { ...F${levels} }\nfragment F0 on Query { ${leaf} }\n`;
  for (let level = 1; level <= levels; level += 1) {
    text += `fragment F${level} on Query { ...F${level - 1} ...F${level - 1} }\n`;
  }

  return text;
};

/** Counts every read of each fragment definition's selection set from now on. */
const watchFragmentReads = (document: DocumentNode): Map<string, number> => {
  const reads = new Map<string, number>();
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.FRAGMENT_DEFINITION) {
      continue;
    }
    const name = definition.name.value;
    const { selectionSet } = definition;
    reads.set(name, 0);
    Object.defineProperty(definition, 'selectionSet', {
      get: () => {
        reads.set(name, (reads.get(name) ?? 0) + 1);

        return selectionSet;
      },
    });
  }

  return reads;
};

const operationOf = (document: DocumentNode): OperationDefinitionNode => {
  const operation = document.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  if (!operation || operation.kind !== Kind.OPERATION_DEFINITION) {
    throw new Error('no operation');
  }

  return operation;
};

/** Runs one rule's OperationDefinition visit directly, so only the rule's own reads are counted. */
const runRule = (rule: (context: ValidationContext) => ASTVisitor, document: DocumentNode): GraphQLError[] => {
  const errors: GraphQLError[] = [];
  const visitor = rule(new ValidationContext(schema, document, new TypeInfo(schema), (error) => errors.push(error))) as {
    OperationDefinition: (node: OperationDefinitionNode) => void;
  };
  visitor.OperationDefinition(operationOf(document));

  return errors;
};

const everyFragmentReadOnce = (reads: Map<string, number>) => {
  expect(reads.size).toBe(31);
  expect([...reads.values()].every((count) => count === 1)).toBe(true);
};

describe('30 levels of fragments that each spread the previous one twice', () => {
  it('the depth rule reads each fragment once and refuses the depth it finds', () => {
    const document = parse(doubling(30, 'q { q { q { q { q { q { q { q { q { a } } } } } } } } }'));
    const reads = watchFragmentReads(document);

    const errors = runRule(depthLimitRule(8), document);

    everyFragmentReadOnce(reads);
    expect(errors.map((error) => error.extensions.code)).toEqual(['query_too_deep']);
    expect(errors[0]?.message).toBe('The query is nested 10 levels deep; at most 8 are allowed.');
  });

  it('the depth rule still measures a remembered fragment from wherever it is spread', () => {
    const fragment = 'fragment D on Query { q { q { q { q { q { q { a } } } } } } }';

    expect(runRule(depthLimitRule(8), parse(`{ q { ...D } ...D } ${fragment}`))).toEqual([]);
    expect(runRule(depthLimitRule(8), parse(`{ ...D q { q { ...D } } } ${fragment}`)).map((error) => error.message)).toEqual([
      'The query is nested 9 levels deep; at most 8 are allowed.',
    ]);
  });

  it('the field and alias rule reads each fragment once and counts every spread', () => {
    const document = parse(doubling(30, 'a'));
    const reads = watchFragmentReads(document);

    const errors = runRule(documentSizeRule({ maxFields: 500, maxAliases: 30 }), document);

    everyFragmentReadOnce(reads);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.extensions).toMatchObject({ code: 'query_too_large', fields: 2 ** 30, aliases: 0 });
  });

  it('the cost estimate reads each fragment once and weighs every spread', () => {
    const document = parse(doubling(30, 'list(first: 2) { a }'));
    const reads = watchFragmentReads(document);

    const cost = estimateCost({ schema, document });

    everyFragmentReadOnce(reads);
    // Each spread of F0 is an object field without a cost hint: it weighs 1, and there are 2^30 of them.
    expect(cost).toBe(2 ** 30);
  });
});

describe('namesSchemaFields', () => {
  it('finds __schema and __type among the tokens, and nothing in text without them', () => {
    expect(namesSchemaFields('{ __schema { queryType { name } } }')).toBe(true);
    expect(namesSchemaFields('query { x: __type(name: "Query") { name } }')).toBe(true);
    expect(namesSchemaFields('{ a __typename q { a } }')).toBe(false);
    expect(namesSchemaFields('{ a "unterminated')).toBe(false);
    expect(namesSchemaFields('')).toBe(false);
  });
});
