import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
export const WEB_DIR = join(REPO, 'apps/web');
export const WEB_DIST_DIR = join(WEB_DIR, 'dist');

/** Everything that ends up in the bundle: the app, its page, its config and the shared domain rules. */
const SOURCES = [
  join(WEB_DIR, 'src'),
  join(WEB_DIR, 'public'),
  join(WEB_DIR, 'index.html'),
  join(WEB_DIR, 'transport.html'),
  join(REPO, 'vite.config.ts'),
  join(REPO, 'packages/domain/src'),
];

const newestChange = (path: string): number => {
  if (!existsSync(path)) {
    return 0;
  }
  const info = statSync(path);
  if (!info.isDirectory()) {
    return info.mtimeMs;
  }

  return Math.max(info.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
};

/** Builds the web app when there is no build yet or a source changed after the last one. */
export const ensureWebBuild = async (): Promise<void> => {
  // Both services' pages come from one build; the older one says when it ran.
  const pages = ['index.html', 'transport.html'].map((page) => join(WEB_DIST_DIR, page));
  const builtAt = pages.every((page) => existsSync(page)) ? Math.min(...pages.map((page) => statSync(page).mtimeMs)) : 0;
  if (builtAt > Math.max(...SOURCES.map(newestChange))) {
    return;
  }
  const { build } = await import('vite');
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: join(REPO, 'vite.config.ts'), root: WEB_DIR, mode: 'production', logLevel: 'warn' });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
};
