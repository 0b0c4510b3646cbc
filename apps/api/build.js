// `npm run build` (server part): bundles the API entry and the CLI into plain JavaScript under
// apps/api/dist/, so production runs `node` on compiled code. The workspace packages
// (@switchyard/*, whose exports point at .ts files) are compiled in; every npm package stays an
// import of node_modules, because some find their own files at run time (PGlite's WebAssembly
// and extension bundles, pino's worker transports).
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const outdir = here('./dist');

/** Bare specifiers other than the workspace's own packages are left to node at run time. */
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@switchyard/') ? undefined : { path: args.path, external: true }));
  },
};

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  // preload: loaded before main (npm start, or node --import), so tracing can hook http and pg first.
  entryPoints: { main: here('./src/main.ts'), cli: here('./src/cli/main.ts'), preload: here('./src/ops/tracing/preload.ts') },
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
const outputs = Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js'));
console.log(`built the server into ${outdir} (${outputs.length} files)`);
