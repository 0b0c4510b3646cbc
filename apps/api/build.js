// `npm run build` (server part): bundles the API entry, the CLI and the tracing preload into plain
// JavaScript under apps/api/dist/, so production runs `node` on compiled code (build-options.js says how).
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { serverBuildOptions } from './build-options.js';

const outdir = fileURLToPath(new URL('./dist', import.meta.url));

rmSync(outdir, { recursive: true, force: true });
const result = await build(serverBuildOptions({ outdir }));
const outputs = Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js'));
console.log(`built the server into ${outdir} (${outputs.length} files)`);
