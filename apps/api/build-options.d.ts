import type { BuildOptions } from 'esbuild';

/** The entry points by output name: the API, the CLI and the tracing preload. */
export const SERVER_ENTRIES: { main: string; cli: string; preload: string };

/** The esbuild options of the server build; `outdir` must lie inside the repository. */
export function serverBuildOptions(options: { outdir: string; entryPoints?: Record<string, string> }): BuildOptions & { metafile: true };
