// The esbuild options of the server build, shared by `npm run build` (build.js) and the test suite's
// one build of the CLI per run (test/support/compiled-cli.ts), so both compile the same way.
import { fileURLToPath } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

/** The entry points by output name: the API, the CLI and the tracing preload loaded before either. */
export const SERVER_ENTRIES = {
  main: here('./src/main.ts'),
  cli: here('./src/cli/main.ts'),
  preload: here('./src/ops/tracing/preload.ts'),
};

/** Bare specifiers other than the workspace's own packages are left to node at run time. */
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@switchyard/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * The workspace packages (@switchyard/*, whose exports point at .ts files) are compiled in; every npm
 * package stays an import of node_modules, because some find their own files at run time (PGlite's
 * WebAssembly and extension bundles, pino's worker transports). `outdir` must lie inside the
 * repository, so those imports resolve from it.
 */
export const serverBuildOptions = ({ outdir, entryPoints = SERVER_ENTRIES }) => ({
  entryPoints,
  outdir,
  bundle: true,
  // Modules loaded with import() (CLI commands, the receiver cluster) stay separate chunks and load only when used.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  // Class names appear in error handling and MikroORM's migration table; keep them as written.
  keepNames: true,
  plugins: [externalNpmPackages],
  logLevel: 'warning',
  metafile: true,
});
