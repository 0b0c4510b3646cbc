import { randomBytes } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { createInterface } from 'node:readline';
import { secretProblem } from '@switchyard/domain/webhooks/verify-signature';
import type { Command } from 'commander';
import { DEFAULT_WEBHOOK_PORT, loadGatewaySettings, updateWebhookConfig } from '../webhooks/gateway/gateway-config.ts';
import { switchyardHome } from '../webhooks/gateway/switchyard-home.ts';
import { CliError, type CliContext } from './cli-context.ts';
import { withExamples } from './help-examples.ts';

/** An answer is either the value to use or the reason it is refused (the question is asked again). */
type Check<T> = (answer: string) => Promise<{ ok: true; value: T } | { ok: false; problem: string }>;

/**
 * Asks one question per line of input and asks again, saying why, until the answer is valid.
 * Lines are read through the async iterator, which buffers them, so answers piped in before a
 * question is printed are not lost. Input that ends before a valid answer stops the wizard with
 * the last problem and writes nothing.
 */
const createPrompter = (context: CliContext) => {
  const rl = createInterface({ input: context.stdin, terminal: false });
  const lines = rl[Symbol.asyncIterator]();

  return {
    ask: async <T>(question: string, fallback: string, check: Check<T>): Promise<T> => {
      let refused: string | null = null;
      for (;;) {
        context.out(`${question} [${fallback}]:`);
        const next = await lines.next();
        if (next.done === true && refused !== null) {
          // The last answer given was refused: the default is not what was meant.
          throw new CliError(refused);
        }
        const typed = next.done === true ? '' : String(next.value).trim();
        const checked = await check(typed === '' ? fallback : typed);
        if (checked.ok) {
          return checked.value;
        }
        if (next.done === true) {
          throw new CliError(checked.problem);
        }
        refused = checked.problem;
        context.out(`  ${checked.problem}; please answer again.`);
      }
    },
    close: () => rl.close(),
  };
};

const YES = /^(y|yes|true|on|1)$/i;
const NO = /^(n|no|false|off|0)$/i;

const yesOrNo: Check<boolean> = async (answer) => {
  if (YES.test(answer)) {
    return { ok: true, value: true };
  }

  return NO.test(answer) ? { ok: true, value: false } : { ok: false, problem: `"${answer}" is not yes or no` };
};

const WILDCARDS = new Set(['0.0.0.0', '::', 'localhost']);

/** An address the receiver can listen on: an IP address, or a name this machine resolves. */
const listenAddress: Check<string> = async (answer) => {
  if (WILDCARDS.has(answer) || isIP(answer) !== 0) {
    return { ok: true, value: answer };
  }
  if (!/^[A-Za-z0-9.-]+$/.test(answer)) {
    return { ok: false, problem: `"${answer}" is not a host name or IP address` };
  }
  try {
    await lookup(answer);

    return { ok: true, value: answer };
  } catch {
    return { ok: false, problem: `"${answer}" does not resolve to an address of this machine (try 127.0.0.1 or 0.0.0.0)` };
  }
};

const portNumber: Check<number> = async (answer) => {
  const port = Number(answer);

  return /^\d+$/.test(answer) && port >= 1 && port <= 65535
    ? { ok: true, value: port }
    : { ok: false, problem: `port "${answer}" is not a number from 1 to 65535` };
};

const setup = async (context: CliContext): Promise<void> => {
  const home = switchyardHome(context.env.SWITCHYARD_HOME);
  const current = loadGatewaySettings(home.configFile, {
    ...context.env,
    WEBHOOK_ENABLED: undefined,
    WEBHOOK_PORT: undefined,
    WEBHOOK_SECRET: undefined,
  });
  const prompter = createPrompter(context);
  try {
    context.out(`Webhook receiver setup (writes ${home.configFile})`);
    const enabled = await prompter.ask('Enable the webhook receiver? (y/n)', 'y', yesOrNo);
    const host = await prompter.ask('Listen address', current.host, listenAddress);
    const port = await prompter.ask('Port', String(current.port === 0 ? DEFAULT_WEBHOOK_PORT : current.port), portNumber);
    const secretHint = current.secret === undefined ? 'generate' : 'keep';
    const secret = await prompter.ask<string | undefined>(
      'Global HMAC secret for static routes (generate, keep, or type one)',
      secretHint,
      async (answer) => {
        if (answer === 'generate') {
          return { ok: true, value: `whsec_${randomBytes(32).toString('base64')}` };
        }
        if (answer === 'keep') {
          return { ok: true, value: current.secret };
        }
        const problem = secretProblem(answer);

        return problem === null ? { ok: true, value: answer } : { ok: false, problem };
      },
    );
    updateWebhookConfig(home.configFile, { enabled, host, port, secret });
    context.out(`Wrote ${home.configFile}: webhook receiver ${enabled ? 'enabled' : 'disabled'} on ${host}:${port}.`);
    if (enabled) {
      context.out('Next: switchyard webhook subscribe <name>, then start the receiver with: switchyard gateway run');
    }
  } finally {
    prompter.close();
  }
};

export const registerGatewaySetup = (group: Command, context: CliContext): void => {
  const command = group
    .command('setup')
    .description('interactive set-up of the webhook receiver; writes SWITCHYARD_HOME/config.yaml')
    .action(() => setup(context));
  withExamples(command, ['switchyard gateway setup', 'printf "y\\n127.0.0.1\\n8644\\ngenerate\\n" | switchyard gateway setup']);
};
