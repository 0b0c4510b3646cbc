import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printTransportGraphqlSchema } from './printed-schema.ts';

/** `npm run graphql:transport-schema -w @switchyard/api` rewrites the committed SDL from the code. */
const target = fileURLToPath(new URL('../../../transport-schema.graphql', import.meta.url));
writeFileSync(target, printTransportGraphqlSchema());
process.stdout.write(`wrote ${target}\n`);
