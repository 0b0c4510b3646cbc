import type { TestProject } from 'vitest/node';
import { buildTestCli } from './compiled-cli.ts';
import { ensureTestTemplate } from './webhooks/test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this run's compiled CLI (`cli.js`, `preload.js`); test/support/webhooks/run-cli.ts starts it. */
    compiledCliDir: string;
  }
}

/**
 * Runs once before the test files: migrates the template every test database is copied from, so
 * the files that start at once do not each build it (and the migrations run once per run, not once
 * per test server), and compiles the CLI the tests start as a process.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const [cli] = await Promise.all([buildTestCli(), ensureTestTemplate()]);
  project.provide('compiledCliDir', cli.dir);

  return cli.remove;
}
