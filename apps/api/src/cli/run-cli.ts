import type { Readable } from 'node:stream';
import { CommanderError } from 'commander';
import { EnvError, type Env } from '../env.ts';
import { ConfigFileError } from '../webhooks/gateway/gateway-config.ts';
import { SubscriptionsFileError } from '../webhooks/gateway/subscriptions-file.ts';
import { CliError, CliExit, type CliContext } from './cli-context.ts';
import { buildProgram } from './program.ts';

export type CliStreams = {
  stdin: Readable;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
};

/** Runs one command line; answers the exit code. Refusals are one `error:` line on stderr. */
export const runCli = async (argv: string[], streams: CliStreams, readEnv: () => Env): Promise<number> => {
  const err = (line: string) => streams.stderr.write(`${line}\n`);
  let env: Env;
  try {
    env = readEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      error.problems.forEach((problem) => err(`error: ${problem}`));

      return 1;
    }
    throw error;
  }
  const context: CliContext = { env, stdin: streams.stdin, out: (line) => streams.stdout.write(`${line}\n`), err };
  const program = buildProgram(context).exitOverride();
  program.commands.forEach((command) => {
    command.exitOverride();
    command.commands.forEach((sub) => sub.exitOverride());
  });
  try {
    await program.parseAsync(argv, { from: 'user' });

    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has printed its own message (or the help) already.
      return error.code === 'commander.helpDisplayed' || error.code === 'commander.help' || error.code === 'commander.version'
        ? 0
        : error.exitCode || 1;
    }
    if (error instanceof CliExit) {
      return error.code;
    }
    if (error instanceof CliError || error instanceof ConfigFileError || error instanceof SubscriptionsFileError) {
      err(`error: ${error.message}`);

      return 1;
    }
    err(`error: ${(error as Error).message ?? String(error)}`);

    return 1;
  }
};
