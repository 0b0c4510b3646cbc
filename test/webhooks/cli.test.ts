import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { githubSignature } from '@switchyard/domain/webhooks/verify-signature';
import { platformAnswers, startFakePlatform, type FakePlatform } from '../support/webhooks/fake-platform.ts';
import { FAST_WEBHOOK_ENV, ReceiverHarness, writeHomeFiles } from '../support/webhooks/receiver-harness.ts';
import { runCli } from '../support/webhooks/run-cli.ts';

const homes: string[] = [];
const freshHome = (): string => {
  const home = mkdtempSync(join(tmpdir(), 'switchyard-cli-'));
  homes.push(home);

  return home;
};

afterAll(() => {
  homes.forEach((home) => rmSync(home, { recursive: true, force: true }));
});

/**
 * Every command is a fresh node process that compiles the CLI's TypeScript on start (tsx): on a
 * busy machine one start takes seconds, and a test here starts up to ten, so each test may take
 * as long as the CLI tests elsewhere (test/webhooks/cli-operations.test.ts).
 */
const CLI_TEST_LIMIT = { timeout: 120_000 };

describe('switchyard CLI', CLI_TEST_LIMIT, () => {
  it('prints --help for every command', async () => {
    const commands = [
      [],
      ['webhook'],
      ['webhook', 'subscribe'],
      ['webhook', 'list'],
      ['webhook', 'remove'],
      ['webhook', 'test'],
      ['webhook', 'deliveries'],
      ['webhook', 'update'],
      ['webhook', 'replay'],
      ['webhook', 'pause'],
      ['webhook', 'resume'],
      ['webhook', 'erase'],
      ['gateway'],
      ['gateway', 'setup'],
      ['gateway', 'run'],
    ];
    const results = await Promise.all(commands.map((command) => runCli([...command, '--help'], { SWITCHYARD_HOME: freshHome() })));
    results.forEach((result, index) => {
      expect(result.code, commands[index]?.join(' ')).toBe(0);
      expect(result.stdout).toContain(`Usage: switchyard ${commands[index]?.join(' ') ?? ''}`.trim());
    });
    expect(results[2]?.stdout).toContain('--deliver-only');
    expect(results[2]?.stdout).toContain('--deliver-chat-id <id>');
    // Each webhook command's help ends with examples of its use.
    for (const [index, command] of commands.entries()) {
      if (command[0] === 'webhook' && command.length === 2 && command[1] !== 'remove') {
        expect(results[index]?.stdout, command.join(' ')).toContain(`Examples:\n  $ switchyard ${command.join(' ')}`);
      }
    }
  }, 90_000);

  it('refuses webhook commands while the platform is not enabled, and accepts WEBHOOK_ENABLED alone', async () => {
    const home = freshHome();
    const [list, subscribe, enabledByEnv] = await Promise.all([
      runCli(['webhook', 'list'], { SWITCHYARD_HOME: home }),
      runCli(['webhook', 'subscribe', 'x'], { SWITCHYARD_HOME: home }),
      runCli(['webhook', 'list'], { SWITCHYARD_HOME: home, WEBHOOK_ENABLED: 'true' }),
    ]);
    expect(list.code).toBe(1);
    expect(list.stderr.trim().split('\n')).toHaveLength(1);
    expect(list.stderr).toContain('webhook platform is not enabled');
    expect(list.stderr).toContain('switchyard gateway setup');
    expect(subscribe.code).toBe(1);
    expect(subscribe.stderr).toContain('not enabled');
    expect(enabledByEnv.code).toBe(0);
    expect(enabledByEnv.stdout).toContain('No webhook subscriptions');
  });

  it('gateway setup asks its questions on stdin and writes config.yaml', async () => {
    const home = freshHome();
    const result = await runCli(['gateway', 'setup'], { SWITCHYARD_HOME: home }, 'y\n0.0.0.0\n9123\nmy-global-secret\n');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Port [8644]:');
    const config = readFileSync(join(home, 'config.yaml'), 'utf8');
    expect(config).toContain('enabled: true');
    expect(config).toContain('port: 9123');
    expect(config).toContain('host: 0.0.0.0');
    expect(config).toContain('secret: my-global-secret');
    expect(result.stdout).not.toContain('my-global-secret');
    const list = await runCli(['webhook', 'list'], { SWITCHYARD_HOME: home });
    expect(list.code).toBe(0);
    const badPort = await runCli(['gateway', 'setup'], { SWITCHYARD_HOME: freshHome() }, 'y\n127.0.0.1\nnot-a-port\n');
    expect(badPort.code).toBe(1);
    expect(badPort.stderr).toContain('not a number');
  });

  it('gateway setup asks again until an answer is valid, and writes nothing when input ends first', async () => {
    const home = freshHome();
    const result = await runCli(
      ['gateway', 'setup'],
      { SWITCHYARD_HOME: home },
      'maybe\ny\ny\n127.0.0.1\n70000\n9124\nwhsec_short\ngenerate\n',
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('"maybe" is not yes or no; please answer again.');
    expect(result.stdout).toContain('"y" does not resolve to an address of this machine');
    expect(result.stdout).toContain('port "70000" is not a number from 1 to 65535; please answer again.');
    expect(result.stdout.match(/please answer again/g)).toHaveLength(4);
    const config = readFileSync(join(home, 'config.yaml'), 'utf8');
    expect(config).toContain('host: 127.0.0.1');
    expect(config).toContain('port: 9124');
    expect(config).toMatch(/secret: whsec_/);

    const cut = freshHome();
    const ended = await runCli(['gateway', 'setup'], { SWITCHYARD_HOME: cut }, 'perhaps\n');
    expect(ended.code).toBe(1);
    expect(ended.stderr.trim()).toBe('error: "perhaps" is not yes or no');
    expect(existsSync(join(cut, 'config.yaml'))).toBe(false);
  });

  it('--version prints the version', async () => {
    const result = await runCli(['--version'], { SWITCHYARD_HOME: freshHome() });
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('refuses bad subscriptions with one clear line each', async () => {
    const home = freshHome();
    writeHomeFiles(home, {
      'config.yaml': 'platforms:\n  webhook:\n    enabled: true\n    extra:\n      routes:\n        fixed: {secret: s}\n',
      'outside.sh': 'echo hi\n',
      'scripts/ok.sh': 'cat\n',
    });
    const env = { SWITCHYARD_HOME: home };
    const cases: [string[], string, Record<string, string>?][] = [
      [['BadName'], 'invalid name'],
      [['a', '--deliver', 'log', '--deliver-only'], 'not "log"'],
      [['a', '--skills', 'ghost'], 'unknown skill "ghost"'],
      [['a', '--script', '../outside.sh'], 'outside the scripts directory'],
      [['a', '--script', 'missing.sh'], 'does not exist'],
      [['a', '--deliver', 'fax'], 'unknown delivery target "fax"'],
      [['a', '--deliver', 'telegram', '--deliver-chat-id', '1'], 'TELEGRAM_BOT_TOKEN'],
      [['a', '--deliver', 'telegram'], '--deliver-chat-id', { TELEGRAM_BOT_TOKEN: 't' }],
      [['a', '--deliver', 'origin'], 'GITHUB_TOKEN'],
      [['fixed'], 'static route'],
      [['a', '--secret', 'whsec_'], 'base64 of 24 to 64 bytes'],
      [['a', '--secret', 'whsec_!!!!'], 'base64 of 24 to 64 bytes'],
      [['a', '--secret', 'whsec_YWJj'], 'base64 of 24 to 64 bytes'],
    ];
    const results = await Promise.all(cases.map(([args, , extra]) => runCli(['webhook', 'subscribe', ...args], { ...env, ...extra })));
    results.forEach((result, index) => {
      const [, expected] = cases[index] ?? [[], ''];
      expect(result.code, expected).toBe(1);
      expect(result.stderr.trim().split('\n'), expected).toHaveLength(1);
      expect(result.stderr).toContain(expected);
    });
    expect(() => statSync(join(home, 'webhook_subscriptions.json'))).toThrow();
    const removeStatic = await runCli(['webhook', 'remove', 'fixed'], env);
    expect(removeStatic.code).toBe(1);
    expect(removeStatic.stderr.trim().split('\n')).toHaveLength(1);
    expect(removeStatic.stderr).toContain('static route; remove it from config.yaml');
  });

  it('list prints an aligned table of routes without secrets, and --json the same routes', async () => {
    const home = freshHome();
    const long = 'Payments from Stripe, one message per event, sent to the finance channel at once';
    writeHomeFiles(home, {
      'config.yaml':
        'platforms:\n  webhook:\n    enabled: true\n    extra:\n      port: 8700\n      routes:\n        ops:\n          secret: static-secret-1234\n          deliver: log\n',
      'webhook_subscriptions.json': JSON.stringify({
        'gh-issues': {
          secret: 'subscription-secret-1',
          events: ['issues', 'pull_request'],
          deliver: 'github_comment',
          max_in_flight: 2,
          order_key: '{repository.full_name}',
          description: 'Issues\nand PRs',
        },
        stripe: {
          secret: 'subscription-secret-2',
          events: ['payment_intent.succeeded'],
          deliver: 'slack',
          deliver_only: true,
          deliver_extra: { chat_id: 'C0FIN' },
          description: long,
        },
      }),
    });
    // No database there yet: every route reads active with nothing queued, and none is created.
    const env = { SWITCHYARD_HOME: home, PUBLIC_WEBHOOK_BASE: 'https://hooks.example.com', DATA_DIR: join(home, 'data') };
    const [table, json] = await Promise.all([runCli(['webhook', 'list'], env), runCli(['webhook', 'list', '--json'], env)]);
    expect(() => statSync(join(home, 'data'))).toThrow();

    expect(table.code).toBe(0);
    expect(table.stderr).toBe('');
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    const header = lines[0] ?? '';
    expect(header).toMatch(/^NAME +EVENTS +DELIVER +MODE +STATE +QUEUED +LAST +LIMITS +DESCRIPTION +WEBHOOK_URL$/);
    // Aligned: every cell of a column starts where its heading does.
    const columns = ['EVENTS', 'DELIVER', 'MODE', 'STATE', 'QUEUED', 'LAST', 'LIMITS', 'DESCRIPTION', 'WEBHOOK_URL'].map((name) =>
      header.indexOf(name),
    );
    for (const line of lines.slice(1)) {
      for (const column of columns) {
        expect(line[column - 1], line).toBe(' ');
        expect(line[column], line).not.toBe(' ');
      }
    }
    const row = (name: string) => lines.find((line) => line.startsWith(`${name} `)) ?? '';
    const cells = (name: string) =>
      columns.map((start, index) =>
        row(name)
          .slice(start, columns[index + 1])
          .trim(),
      );
    expect(cells('ops')).toEqual([
      '(all)',
      'log',
      'agent',
      'active',
      '0',
      '-',
      '-',
      '(config.yaml)',
      'https://hooks.example.com/webhooks/ops',
    ]);
    expect(cells('gh-issues')).toEqual([
      'issues,pull_request',
      'github_comment',
      'agent',
      'active',
      '0',
      '-',
      'max_in_flight=2 order_key={repository.full_name}',
      'Issues and PRs',
      'https://hooks.example.com/webhooks/gh-issues',
    ]);
    expect(cells('stripe')).toEqual([
      'payment_intent.succeeded',
      'slack (C0FIN)',
      'direct',
      'active',
      '0',
      '-',
      '-',
      `${long.slice(0, 39)}…`,
      'https://hooks.example.com/webhooks/stripe',
    ]);
    for (const output of [table.stdout, json.stdout]) {
      for (const secret of ['static-secret-1234', 'subscription-secret-1', 'subscription-secret-2']) {
        expect(output).not.toContain(secret);
      }
    }

    const routes = (JSON.parse(json.stdout) as { routes: Record<string, unknown>[] }).routes;
    expect(routes.map((route) => route.name)).toEqual(['ops', 'gh-issues', 'stripe']);
    expect(routes[1]).toMatchObject({
      mode: 'agent',
      max_in_flight: 2,
      order_key: '{repository.full_name}',
      description: 'Issues\nand PRs',
    });
    expect(routes[2]).toMatchObject({
      mode: 'direct',
      max_in_flight: null,
      order_key: null,
      deliver: 'slack',
      deliver_chat_id: 'C0FIN',
      description: long,
    });
    expect(routes.every((route) => !('secret' in route))).toBe(true);
  });

  it('subscribe prints webhook_url and secret, list never shows secrets, remove deletes', async () => {
    const home = freshHome();
    writeHomeFiles(home, {
      'config.yaml': 'platforms:\n  webhook:\n    enabled: true\n    extra:\n      port: 8700\n',
      'skills/triage/SKILL.md': 'Triage.\n',
      'scripts/keep.py': 'print("{}")\n',
    });
    const env = { SWITCHYARD_HOME: home, PUBLIC_WEBHOOK_BASE: 'https://hooks.example.com' };
    const created = await runCli(
      [
        'webhook',
        'subscribe',
        'gh-issues',
        '--events',
        'issues,pull_request',
        '--prompt',
        'New {issue.title}',
        '--skills',
        'triage',
        '--script',
        'keep.py',
        '--description',
        'Issues',
      ],
      env,
    );
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('webhook_url: https://hooks.example.com/webhooks/gh-issues');
    const secret = /secret: (\S+)/.exec(created.stdout)?.[1] ?? '';
    expect(secret).toMatch(/^whsec_/);
    const file = join(home, 'webhook_subscriptions.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))['gh-issues']).toMatchObject({
      events: ['issues', 'pull_request'],
      skills: ['triage'],
      script: 'keep.py',
      secret,
    });

    const custom = await runCli(['webhook', 'subscribe', 'custom', '--secret', 'my-own-secret', '--json'], env);
    expect(JSON.parse(custom.stdout)).toEqual({
      name: 'custom',
      webhook_url: 'https://hooks.example.com/webhooks/custom',
      secret: 'my-own-secret',
    });

    const [list, listJson] = await Promise.all([runCli(['webhook', 'list'], env), runCli(['webhook', 'list', '--json'], env)]);
    expect(list.stdout).toMatch(
      /^gh-issues +issues,pull_request +log +agent +active +0 +- +- +Issues +https:\/\/hooks\.example\.com\/webhooks\/gh-issues$/m,
    );
    for (const output of [list.stdout, listJson.stdout, list.stderr]) {
      expect(output).not.toContain(secret);
      expect(output).not.toContain('my-own-secret');
    }
    expect(
      JSON.parse(listJson.stdout)
        .routes.map((route: { name: string }) => route.name)
        .sort(),
    ).toEqual(['custom', 'gh-issues']);

    // An existing name is refused, pointing to update; --replace replaces it whole, keeping the secret.
    const again = await runCli(['webhook', 'subscribe', 'gh-issues', '--deliver', 'log'], env);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe(
      'error: a subscription named "gh-issues" exists; change some of its options with "switchyard webhook update gh-issues ..." or replace it whole with --replace',
    );
    const resubscribed = await runCli(['webhook', 'subscribe', 'gh-issues', '--replace', '--json'], env);
    expect(JSON.parse(resubscribed.stdout).secret).toBe(secret);

    expect((await runCli(['webhook', 'remove', 'custom'], env)).stdout).toContain('Removed webhook subscription: custom');
    const missing = await runCli(['webhook', 'remove', 'custom'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no subscription named "custom"');
  });

  it('names of Object.prototype members are ordinary names: constructor is not found before it is created', async () => {
    const home = freshHome();
    writeHomeFiles(home, {
      'config.yaml': 'platforms:\n  webhook:\n    enabled: true\n',
      'webhook_subscriptions.json': '{"__proto__": {"secret": "x"}, "kept": {"secret": "k"}}',
    });
    const env = { SWITCHYARD_HOME: home };
    const removed = await runCli(['webhook', 'remove', 'constructor'], env);
    expect(removed.code).toBe(1);
    expect(removed.stderr).toContain('no subscription named "constructor"');
    const created = await runCli(['webhook', 'subscribe', 'constructor'], env);
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Created webhook subscription: constructor');
    const file = JSON.parse(readFileSync(join(home, 'webhook_subscriptions.json'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(file).sort()).toEqual(['__proto__', 'constructor', 'kept']);
    expect((await runCli(['webhook', 'remove', 'constructor'], env)).code).toBe(0);
  });

  it('parallel subscribes and removes lose nothing', async () => {
    const home = freshHome();
    writeHomeFiles(home, { 'config.yaml': 'platforms:\n  webhook:\n    enabled: true\n' });
    const env = { SWITCHYARD_HOME: home };
    const names = Array.from({ length: 8 }, (_, index) => `p${index}`);
    const created = await Promise.all(names.map((name) => runCli(['webhook', 'subscribe', name, '--json'], env)));
    expect(created.map((result) => result.code)).toEqual(names.map(() => 0));
    const file = join(home, 'webhook_subscriptions.json');
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object).sort()).toEqual(names);
    const removed = await Promise.all(names.slice(0, 4).map((name) => runCli(['webhook', 'remove', name], env)));
    expect(removed.map((result) => result.code)).toEqual([0, 0, 0, 0]);
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object).sort()).toEqual(names.slice(4));
    expect(() => statSync(`${file}.lock`)).toThrow();
  });

  it('webhook test: exit 1 when no receiver answers, also for an IPv6 wildcard host', async () => {
    const home = freshHome();
    // Port 9 (discard) has no receiver on a test machine.
    writeHomeFiles(home, {
      'config.yaml':
        "platforms:\n  webhook:\n    enabled: true\n    extra:\n      host: '::'\n      port: 9\n      routes:\n        fixed: {secret: s}\n",
    });
    const tested = await runCli(['webhook', 'test', 'fixed'], { SWITCHYARD_HOME: home });
    expect(tested.code).toBe(1);
    expect(tested.stdout).toContain('Sending test POST to http://localhost:9/webhooks/fixed');
    expect(tested.stderr).not.toContain('Invalid URL');
  });

  it('a lock left by a process that no longer runs does not block the CLI', async () => {
    const home = freshHome();
    writeHomeFiles(home, { 'config.yaml': 'platforms:\n  webhook:\n    enabled: true\n' });
    // A pid far above any pid_max in use, written the way the lock's holder writes it.
    writeFileSync(join(home, 'webhook_subscriptions.json.lock'), `999999999 ${Date.now()}`);
    const created = await runCli(['webhook', 'subscribe', 'after-crash'], { SWITCHYARD_HOME: home });
    expect(created.code).toBe(0);
  });
});

describe('CLI against a running receiver', CLI_TEST_LIMIT, () => {
  let harness: ReceiverHarness;
  let slack: FakePlatform;

  beforeAll(async () => {
    slack = await startFakePlatform(platformAnswers.slack);
    harness = await ReceiverHarness.start({
      extra: { routes: { fixed: { secret: 'static-secret', deliver: 'log', prompt: 'static {x}' } } },
      env: { AGENT_COMMAND: 'cat', SLACK_BOT_TOKEN: 'xoxb', SLACK_API_URL: slack.url },
    });
  }, 60_000);

  afterAll(async () => {
    await harness?.close();
    await slack?.close();
  });

  const cliEnv = () => ({
    SWITCHYARD_HOME: harness.home,
    ...harness.databaseEnv,
    SLACK_BOT_TOKEN: 'xoxb',
    SLACK_API_URL: slack.url,
    ...FAST_WEBHOOK_ENV,
  });

  it('serves a subscription added by the CLI on the next request, without a restart', async () => {
    expect((await harness.postSigned('fresh', { a: 1 }, 'x')).status).toBe(404);
    const created = await runCli(
      [
        'webhook',
        'subscribe',
        'fresh',
        '--deliver',
        'slack',
        '--deliver-chat-id',
        'C7',
        '--deliver-only',
        '--prompt',
        'fresh {a}',
        '--json',
      ],
      cliEnv(),
    );
    expect(created.code).toBe(0);
    const { secret } = JSON.parse(created.stdout) as { secret: string };
    const delivered = await harness.postSigned('fresh', { a: 1 }, secret);
    expect(delivered).toMatchObject({ status: 200, body: { status: 'delivered' } });
    expect(slack.requests.at(-1)).toMatchObject({ body: { channel: 'C7', text: 'fresh 1' } });

    expect((await runCli(['webhook', 'remove', 'fresh'], cliEnv())).code).toBe(0);
    expect((await harness.postSigned('fresh', { a: 2 }, secret)).status).toBe(404);
  });

  it('a static route wins over a hand-written subscription of the same name', async () => {
    writeFileSync(join(harness.home, 'webhook_subscriptions.json'), JSON.stringify({ fixed: { secret: 'dynamic-secret' } }));
    expect((await harness.postSigned('fixed', { x: 1 }, 'dynamic-secret')).status).toBe(401);
    expect((await harness.postSigned('fixed', { x: 1 }, 'static-secret')).status).toBe(202);
  });

  it('webhook test signs like GitHub and reaches the running receiver; deliveries shows the outcome', async () => {
    const created = await runCli(['webhook', 'subscribe', 'echo', '--json'], cliEnv());
    expect(created.code).toBe(0);
    const tested = await runCli(['webhook', 'test', 'echo', '--payload', '{"hello":"world"}'], cliEnv());
    expect(tested.code).toBe(0);
    expect(tested.stdout).toContain(`Sending test POST to ${harness.url}/webhooks/echo`);
    expect(tested.stdout).toContain('Response (202)');
    const deliveryId = /"delivery_id":"([^"]+)"/.exec(tested.stdout)?.[1] ?? '';
    await harness.settled(deliveryId);

    const listed = await runCli(['webhook', 'deliveries', 'echo'], cliEnv());
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(deliveryId);
    expect(listed.stdout).toContain('delivered');
    const json = await runCli(['webhook', 'deliveries', '--json', '--limit', '5'], cliEnv());
    expect(JSON.parse(json.stdout).deliveries[0]).toMatchObject({ id: deliveryId, route: 'echo', eventType: 'test', status: 'delivered' });

    // The receiver refuses this payload (400); the command reports it and fails.
    const refused = await runCli(['webhook', 'test', 'fixed', '--payload', '{"a":"\\u0000"}'], cliEnv());
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('Response (400)');

    const badPayload = await runCli(['webhook', 'test', 'echo', '--payload', '{nope'], cliEnv());
    expect(badPayload.code).toBe(1);
    expect(badPayload.stderr).toContain('--payload is not valid JSON');
  });

  it('an agent-mode event with no agent configured fails visibly in its delivery record', async () => {
    const noAgent = await ReceiverHarness.start({ subscriptions: { plain: { secret: 's' } } });
    try {
      const accepted = await noAgent.postSigned('plain', { a: 1 }, 's', { 'x-github-delivery': 'one' });
      expect(accepted.status).toBe(202);
      expect(await noAgent.settled(String(accepted.body.delivery_id))).toMatchObject({
        status: 'failed',
        lastError: expect.stringContaining('no agent configured'),
      });
      const listed = await runCli(['webhook', 'deliveries'], { SWITCHYARD_HOME: noAgent.home, ...noAgent.databaseEnv });
      expect(listed.stdout).toContain('failed');
      expect(listed.stdout).toContain('no agent configured');
    } finally {
      await noAgent.close();
    }
  });

  it('uses the signature header GitHub sends', () => {
    expect(githubSignature('k', '{}')).toMatch(/^sha256=[0-9a-f]{64}$/);
  });
});
