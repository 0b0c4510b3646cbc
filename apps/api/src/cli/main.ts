import { parseEnv } from '../env.ts';
import { runCli } from './run-cli.ts';

const code = await runCli(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr }, () =>
  parseEnv(),
);
process.exit(code);
