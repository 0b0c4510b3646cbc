import { createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { GraphQLInt, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString } from './graphql-js.ts';
import { createGuardPlugin } from './guard-plugin.ts';
import { GRAPHQL_REQUEST_LIMITS } from './request-limits.ts';

const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: {
      text: {
        type: new GraphQLNonNull(GraphQLString),
        args: { length: { type: new GraphQLNonNull(GraphQLInt) } },
        resolve: (_root, args: { length: number }) => 'x'.repeat(args.length),
      },
    },
  }),
});
const yoga = createYoga({
  schema,
  plugins: [createGuardPlugin(() => null, { ...GRAPHQL_REQUEST_LIMITS, maxAnswerBytes: 1000 })],
  logging: false,
});

const ask = async (query: string) => {
  const response = await yoga.fetch('http://localhost/graphql', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query }),
  });

  return {
    status: response.status,
    body: (await response.json()) as { data?: unknown; errors?: { message: string; extensions: Record<string, unknown> }[] },
  };
};

describe('the answer size limit', () => {
  it('sends an answer within the limit as it is', async () => {
    expect(await ask('{ text(length: 900) }')).toEqual({ status: 200, body: { data: { text: 'x'.repeat(900) } } });
  });

  it('replaces a larger answer by a 400 that says how large it would be', async () => {
    const answer = await ask('{ text(length: 1000) }');

    expect(answer.status).toBe(400);
    expect(answer.body.data).toBeUndefined();
    expect(answer.body.errors).toHaveLength(1);
    expect(answer.body.errors?.[0]?.extensions).toEqual({ code: 'answer_too_large', bytes: 1020, maxBytes: 1000 });
    expect(answer.body.errors?.[0]?.message).toBe(
      'The answer would be 1020 bytes; at most 1000 are sent. Ask for smaller pages or fewer fields.',
    );
  });
});
