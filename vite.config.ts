import { availableParallelism } from 'node:os';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * One build, two single-page apps: `index.html` is the claims service's page and
 * `transport.html` the transport service's; they share `assets/`. Each service answers its own
 * page for every page path (apps/api/src/http/serve-static.ts).
 */
const PAGES = { claims: 'index.html', transport: 'transport.html' } as const;
const API_PORTS = { claims: 3001, transport: 3002 } as const;

/** `vite --mode transport` serves the transport page for page paths, as the transport service does. */
const servePage = (page: string): Plugin => ({
  name: 'switchyard-serve-page',
  configureServer: (server) => {
    server.middlewares.use((req, _res, next) => {
      if (req.method === 'GET' && (req.headers.accept ?? '').includes('text/html')) {
        req.url = `/${page}`;
      }
      next();
    });
  },
});

export default defineConfig(({ mode }) => {
  const service = mode === 'transport' ? 'transport' : 'claims';
  const api = `http://127.0.0.1:${API_PORTS[service]}`;

  return {
    root: 'apps/web',
    plugins: [react(), ...(service === 'transport' ? [servePage(PAGES.transport)] : [])],
    build: { outDir: 'dist', emptyOutDir: true, rolldownOptions: { input: Object.values(PAGES) } },
    server: { proxy: { '/api': api, '/trpc': api, '/auth/v1': api } },
    test: {
      root: '.',
      // Most test files wait on servers, databases and child processes rather than computing, so
      // two run side by side even on two cores (vitest's default there would be one at a time).
      maxWorkers: Math.max(2, availableParallelism() - 1),
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            root: '.',
            include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'http',
            root: '.',
            include: ['test/**/*.test.ts'],
            exclude: ['test/browser/**'],
            globalSetup: ['test/support/global-setup.ts'],
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'browser',
            root: '.',
            include: ['test/browser/**/*.test.ts'],
            globalSetup: ['test/support/global-setup.ts'],
            testTimeout: 60_000,
            hookTimeout: 120_000,
            fileParallelism: false,
            // After the other projects, alone: Chromium beside other test files makes timings flaky.
            sequence: { groupOrder: 1 },
          },
        },
      ],
    },
  };
});
