import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { DEFAULT_WEBHOOK_PORT, loadGatewaySettings, updateWebhookConfig } from '../webhooks/gateway-config.ts';
import { switchyardHome } from '../webhooks/switchyard-home.ts';
import { CliError, type CliContext } from './cli-context.ts';

/**
 * Asks one question per line of input. Lines are read through the async iterator, which buffers
 * them, so answers piped in before a question is printed are not lost.
 */
const createPrompter = (context: CliContext) => {
  const rl = createInterface({ input: context.stdin, terminal: false });
  const lines = rl[Symbol.asyncIterator]();

  return {
    ask: async (question: string, fallback: string): Promise<string> => {
      context.out(`${question} [${fallback}]:`);
      const next = await lines.next();
      const answer = next.done === true ? '' : String(next.value).trim();

      return answer === '' ? fallback : answer;
    },
    close: () => rl.close(),
  };
};

const yes = (answer: string): boolean => /^(y|yes|true|1)$/i.test(answer);

const setup = async (context: CliContext): Promise<void> => {
  const home = switchyardHome(context.env.SWITCHYARD_HOME);
  const current = loadGatewaySettings(home.configFile, { ...context.env, WEBHOOK_ENABLED: undefined, WEBHOOK_PORT: undefined, WEBHOOK_SECRET: undefined });
  const prompter = createPrompter(context);
  try {
    context.out(`Webhook receiver setup (writes ${home.configFile})`);
    const enabled = yes(await prompter.ask('Enable the webhook receiver? (y/n)', 'y'));
    const host = await prompter.ask('Listen address', current.host);
    const portText = await prompter.ask('Port', String(current.port === 0 ? DEFAULT_WEBHOOK_PORT : current.port));
    const port = Number(portText);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      throw new CliError(`port "${portText}" is not a number from 1 to 65535`);
    }
    const secretHint = current.secret === undefined ? 'generate' : 'keep';
    const secretAnswer = await prompter.ask('Global HMAC secret for static routes (generate, keep, or type one)', secretHint);
    let secret: string | undefined;
    if (secretAnswer === 'generate') {
      secret = `whsec_${randomBytes(32).toString('base64')}`;
    } else if (secretAnswer === 'keep') {
      secret = current.secret;
    } else {
      secret = secretAnswer;
    }
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
  group
    .command('setup')
    .description('interactive set-up of the webhook receiver; writes SWITCHYARD_HOME/config.yaml')
    .action(() => setup(context));
};
