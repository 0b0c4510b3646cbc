import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { claimsGraphqlSchema } from './claims/graphql/schema.ts';
import { printSortedSchema } from './graphql-common/printed-schema.ts';
import { transportGraphqlSchema } from './transport/graphql/schema.ts';

/** `npm run graphql:schema -w @switchyard/api` rewrites both facades' committed SDL from the code. */
for (const [file, schema] of [
  ['schema.graphql', claimsGraphqlSchema],
  ['transport-schema.graphql', transportGraphqlSchema],
] as const) {
  const target = fileURLToPath(new URL(`../${file}`, import.meta.url));
  writeFileSync(target, printSortedSchema(schema));
  process.stdout.write(`wrote ${target}\n`);
}
