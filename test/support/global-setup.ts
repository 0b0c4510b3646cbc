import { ensureTestTemplate } from './webhooks/test-database.ts';

/**
 * Runs once before the test files: migrates the template every test database is copied from, so
 * the files that start at once do not each build it (and the migrations run once per run, not once
 * per test server).
 */
export default async function setup(): Promise<void> {
  await ensureTestTemplate();
}
