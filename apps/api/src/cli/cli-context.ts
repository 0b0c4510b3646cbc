import type { Readable } from 'node:stream';
import type { Env } from '../env.ts';

/** What every command gets: parsed settings and the streams to talk through. Nothing reads process.env here. */
export type CliContext = {
  env: Env;
  stdin: Readable;
  out: (line: string) => void;
  err: (line: string) => void;
};

/** A refusal: printed as one `error:` line, and the command exits non-zero. */
export class CliError extends Error {
  override name = 'CliError';
}

/** Ends the command with this exit code; whatever needs saying has been printed. */
export class CliExit extends Error {
  override name = 'CliExit';

  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}
