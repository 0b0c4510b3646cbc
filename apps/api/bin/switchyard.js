#!/usr/bin/env node
// Runs the TypeScript CLI entry through tsx, so `npx switchyard ...` works without a build step.
import { register } from 'tsx/esm/api';

register();
// Tracing, when configured, starts before the commands import http and pg.
await import('../src/ops/tracing/preload.ts');
await import('../src/cli/main.ts');
