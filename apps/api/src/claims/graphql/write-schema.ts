import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printClaimsGraphqlSchema } from './printed-schema.ts';

/** `npm run graphql:schema -w @switchyard/api` rewrites the committed SDL from the code. */
const target = fileURLToPath(new URL('../../../schema.graphql', import.meta.url));
writeFileSync(target, printClaimsGraphqlSchema());
process.stdout.write(`wrote ${target}\n`);
