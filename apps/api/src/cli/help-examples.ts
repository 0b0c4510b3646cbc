import type { Command } from 'commander';

/** Appends an "Examples:" section to a command's --help. */
export const withExamples = (command: Command, examples: readonly string[]): Command =>
  command.addHelpText('after', `\nExamples:\n${examples.map((example) => `  $ ${example}`).join('\n')}`);
