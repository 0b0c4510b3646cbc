import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformAnswers, startFakePlatform, type FakePlatform } from '../support/webhooks/fake-platform.ts';
import { ReceiverHarness } from '../support/webhooks/receiver-harness.ts';

const SECRET = 'routing-secret';

let slack: FakePlatform;
let harness: ReceiverHarness;

const slackRoute = (extra: Record<string, unknown> = {}) => ({
  deliver: 'slack',
  deliver_only: true,
  deliver_extra: { chat_id: 'C123' },
  ...extra,
});

beforeAll(async () => {
  slack = await startFakePlatform(platformAnswers.slack);
  harness = await ReceiverHarness.start({
    extra: {
      secret: SECRET,
      rate_limit: 1000,
      routes: {
        'f-equals': slackRoute({
          filters: [
            { field: 'action', equals: 'opened' },
            { field: 'pull_request.draft', not_equals: true },
          ],
        }),
        'f-contains': slackRoute({ filters: { field: 'labels', contains: 'bug' } }),
        'f-exists': slackRoute({
          filters: {
            all: [
              { field: 'issue.assignee', exists: true },
              { field: 'issue.milestone', missing: true },
            ],
          },
        }),
        'f-in': slackRoute({ filters: { field: 'sender.login', in: ['alice', 'bob'] } }),
        'f-in-file': slackRoute({ filters: { field: 'sender.login', in_file: 'lists/allowed.txt' } }),
        'f-regex': slackRoute({ filters: { field: 'ref', regex: '^refs/heads/release/' } }),
        'f-grouped': slackRoute({
          filters: {
            any: [
              { field: 'headers.X-Priority', equals: 'high' },
              { all: [{ field: 'event', equals: 'push' }, { not: { field: 'commits.0.message', contains: 'WIP' } }] },
            ],
          },
        }),
        events: slackRoute({ events: ['issues', 'merge_request'], prompt: 'event ok' }),
        'script-json': slackRoute({ script: 'enrich.py', prompt: 'Script says {summary} for #{number}' }),
        'script-text': slackRoute({ script: 'note.sh', prompt: 'Note: {script_output}' }),
        'script-empty': slackRoute({ script: 'empty.sh' }),
        'script-silent': slackRoute({ script: 'silent.sh' }),
        'script-fail': slackRoute({ script: 'fail.sh' }),
        'script-slow': slackRoute({ script: 'slow.sh' }),
        'script-escape': slackRoute({ script: '../escape.sh' }),
        'script-link': slackRoute({ script: 'link.sh' }),
        'script-env': slackRoute({ script: 'env.sh', prompt: '{script_output}' }),
        template: slackRoute({
          prompt:
            'PR #{pull_request.number} "{pull_request.title}" by {pull_request.user.login}\\nfirst commit {commits.0.id}, labels {labels}, missing {pull_request.nope} {commits.5.id}',
        }),
        'no-template': slackRoute(),
      },
    },
    // Room for an interpreter to start on a busy machine (python3 took over 1.5 s under load); slow.sh outlasts it.
    env: { SLACK_BOT_TOKEN: 'xoxb-test', SLACK_API_URL: slack.url, WEBHOOK_SCRIPT_TIMEOUT_MS: '6000' },
    files: {
      'lists/allowed.txt': 'carol\ndave\n',
      'scripts/enrich.py':
        'import json, sys\np = json.load(sys.stdin)\nprint(json.dumps({"summary": p["title"].upper(), "number": p["number"]}))\n',
      'scripts/note.sh': '#!/bin/bash\necho "seen $(cat | wc -c) bytes"\n',
      'scripts/empty.sh': '#!/bin/bash\ncat > /dev/null\n',
      'scripts/silent.sh': '#!/bin/bash\necho "[SILENT]"\n',
      'scripts/fail.sh': '#!/bin/bash\necho \'{"a": 1}\'\nexit 3\n',
      'scripts/slow.sh': '#!/bin/bash\nsleep 60\necho \'{"a": 1}\'\n',
      'scripts/env.sh':
        "#!/bin/bash\ncat > /dev/null\nenv | cut -d= -f1 | grep -v -e '^PWD$' -e '^SHLVL$' -e '^_$' | sort | tr '\\n' ' '\n",
      'escape.sh': '#!/bin/bash\necho \'{"escaped": true}\'\n',
    },
  });
}, 60_000);

afterAll(async () => {
  await harness?.close();
  await slack?.close();
});

const send = (route: string, payload: unknown, headers: Record<string, string> = {}) =>
  harness.postSigned(route, payload, SECRET, { 'x-github-delivery': randomUUID(), ...headers });

const lastSlackText = () => (slack.requests.at(-1)?.body as { text: string }).text;

describe('event matching', () => {
  it('ignores events outside --events with 200 and delivers listed ones', async () => {
    expect(await send('events', {}, { 'x-github-event': 'push' })).toMatchObject({
      status: 200,
      body: { status: 'ignored', reason: 'event' },
    });
    expect(await send('events', {}, { 'x-github-event': 'issues' })).toMatchObject({ status: 200, body: { status: 'delivered' } });
    // GitLab sends "Merge Request Hook" in its header; the payload's object_kind matches too.
    const gitlab = await harness.post('events', JSON.stringify({ object_kind: 'merge_request' }), {
      'x-gitlab-event': 'Merge Request Hook',
      'x-gitlab-token': SECRET,
      'x-gitlab-event-uuid': randomUUID(),
    });
    expect(gitlab).toMatchObject({ status: 200, body: { status: 'delivered' } });
    expect(await send('events', { type: 'issues' })).toMatchObject({ body: { status: 'delivered' } });
  });

  it("ignores GitHub's ping unless the route asks for it, and posts nothing", async () => {
    const before = slack.requests.length;
    const ping = await send('no-template', { zen: 'Keep it simple.', hook_id: 1 }, { 'x-github-event': 'ping' });
    expect(ping.status).toBe(200);
    expect(ping.body).toEqual({ status: 'ignored', reason: 'ping' });
    expect(await send('events', { zen: 'Keep it simple.' }, { 'x-github-event': 'ping' })).toMatchObject({
      body: { status: 'ignored', reason: 'ping' },
    });
    expect(slack.requests.length).toBe(before);
  });
});

describe('static route filters', () => {
  const expectOutcome = async (route: string, payload: unknown, delivered: boolean, headers: Record<string, string> = {}) => {
    const result = await send(route, payload, headers);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject(delivered ? { status: 'delivered' } : { status: 'ignored', reason: 'filter' });
  };

  it('equals and not_equals', async () => {
    await expectOutcome('f-equals', { action: 'opened', pull_request: { draft: false } }, true);
    await expectOutcome('f-equals', { action: 'opened', pull_request: { draft: true } }, false);
    await expectOutcome('f-equals', { action: 'closed' }, false);
  });

  it('contains', async () => {
    await expectOutcome('f-contains', { labels: ['bug', 'ui'] }, true);
    await expectOutcome('f-contains', { labels: ['ui'] }, false);
  });

  it('exists and missing', async () => {
    await expectOutcome('f-exists', { issue: { assignee: null } }, true);
    await expectOutcome('f-exists', { issue: { assignee: 'x', milestone: 'v1' } }, false);
    await expectOutcome('f-exists', { issue: {} }, false);
  });

  it('in and in_file', async () => {
    await expectOutcome('f-in', { sender: { login: 'bob' } }, true);
    await expectOutcome('f-in', { sender: { login: 'eve' } }, false);
    await expectOutcome('f-in-file', { sender: { login: 'dave' } }, true);
    await expectOutcome('f-in-file', { sender: { login: 'bob' } }, false);
  });

  it('regex', async () => {
    await expectOutcome('f-regex', { ref: 'refs/heads/release/1.2' }, true);
    await expectOutcome('f-regex', { ref: 'refs/heads/main' }, false);
  });

  it('any / all / not with headers and the event type', async () => {
    await expectOutcome('f-grouped', {}, true, { 'x-priority': 'high' });
    await expectOutcome('f-grouped', { commits: [{ message: 'fix' }] }, true, { 'x-github-event': 'push' });
    await expectOutcome('f-grouped', { commits: [{ message: 'WIP fix' }] }, false, { 'x-github-event': 'push' });
    await expectOutcome('f-grouped', { commits: [{ message: 'fix' }] }, false, { 'x-github-event': 'issues' });
  });
});

describe('route scripts', () => {
  it('a JSON object from a Python script replaces the payload', async () => {
    expect(await send('script-json', { title: 'fix it', number: 7 })).toMatchObject({ status: 200, body: { status: 'delivered' } });
    expect(lastSlackText()).toBe('Script says FIX IT for #7');
  });

  it('plain text from a bash script is added as script_output', async () => {
    expect(await send('script-text', { a: 1 })).toMatchObject({ body: { status: 'delivered' } });
    expect(lastSlackText()).toBe('Note: seen 7 bytes');
  });

  it('empty output, [SILENT], a non-zero exit and a timeout ignore the event with 200', async () => {
    const calls = slack.requests.length;
    expect(await send('script-empty', {})).toMatchObject({ status: 200, body: { status: 'ignored', reason: 'script' } });
    expect(await send('script-silent', {})).toMatchObject({ status: 200, body: { status: 'ignored', reason: 'script' } });
    expect(await send('script-fail', {})).toMatchObject({
      status: 200,
      body: { status: 'ignored', reason: 'script', detail: 'script exited with code 3' },
    });
    expect(await send('script-slow', {}, {})).toMatchObject({ status: 200, body: { status: 'ignored', detail: 'script timed out' } });
    expect(slack.requests.length).toBe(calls);
  }, 20_000);

  it('never runs a script outside the scripts directory', async () => {
    // Refused when config.yaml is loaded, so the route does not exist.
    expect((await send('script-escape', {})).status).toBe(404);
    // A symbolic link inside scripts/ pointing outside is resolved before the check, at request time.
    symlinkSync(join(harness.home, 'escape.sh'), join(harness.home, 'scripts', 'link.sh'));
    const calls = slack.requests.length;
    expect(await send('script-link', {})).toMatchObject({
      status: 200,
      body: { status: 'ignored', reason: 'script', detail: 'script unavailable' },
    });
    expect(slack.requests.length).toBe(calls);
  });

  it('runs scripts in a clean environment: no tokens', async () => {
    expect(await send('script-env', {})).toMatchObject({ status: 200, body: { status: 'delivered' } });
    expect(lastSlackText().trim()).toBe('LANG PATH SWITCHYARD_WEBHOOK_EVENT_TYPE SWITCHYARD_WEBHOOK_ROUTE');
  });
});

describe('prompt templates', () => {
  it('renders nested paths, list indexes and JSON values, keeps missing paths, turns \\n into a line break', async () => {
    const payload = {
      pull_request: { number: 42, title: 'Add retries', user: { login: 'octocat' } },
      commits: [{ id: 'abc123' }],
      labels: ['x'],
    };
    expect(await send('template', payload)).toMatchObject({ body: { status: 'delivered' } });
    expect(lastSlackText()).toBe(
      'PR #42 "Add retries" by octocat\nfirst commit abc123, labels [\n  "x"\n], missing {pull_request.nope} {commits.5.id}',
    );
  });

  it('without a template the whole payload is the message', async () => {
    await send('no-template', { hello: 'world' });
    expect(lastSlackText()).toBe('{\n  "hello": "world"\n}');
  });
});
