#!/usr/bin/env node
// `npx switchyard ...`: runs the compiled CLI (apps/api/dist/cli.js) when the build was made from the
// sources as they are (the record `npm start` checks, scripts/build-stamp.mjs); a checkout whose
// sources changed since, or that was never built, runs the source through tsx instead, so a command
// never runs code older than what is on disk.
import { fileURLToPath } from 'node:url';
import { currentInputs, staleReason } from '../../../scripts/build-stamp.mjs';

const root = fileURLToPath(new URL('../../..', import.meta.url));

// Tracing, when configured, starts before the commands import http and pg.
if (staleReason(root, currentInputs(root)) === null) {
  await import('../dist/preload.js');
  await import('../dist/cli.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/ops/tracing/preload.ts');
  await import('../src/cli/main.ts');
}
