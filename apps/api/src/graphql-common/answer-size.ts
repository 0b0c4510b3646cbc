import type { ExecutionResult } from './graphql-js.ts';
import { GraphQLError } from './graphql-js.ts';

/**
 * The answer in place of `result` when its JSON is larger than `maxBytes`, else null. The cost
 * estimate bounds the rows a query reads, not the bytes they carry (long texts, introspection
 * descriptions), so this is the last bound on what one request can make the service send.
 */
export const oversizedAnswer = (result: ExecutionResult, maxBytes: number): ExecutionResult | null => {
  const bytes = Buffer.byteLength(JSON.stringify(result));
  if (bytes <= maxBytes) {
    return null;
  }

  return {
    errors: [
      new GraphQLError(`The answer would be ${bytes} bytes; at most ${maxBytes} are sent. Ask for smaller pages or fewer fields.`, {
        extensions: { code: 'answer_too_large', bytes, maxBytes, http: { status: 400 } },
      }),
    ],
  };
};
