import { describe, expect, it } from 'vitest';
import { githubThreadOf, gitlabThreadOf, originThreadOf, parseThreadReference } from './code-host-thread.ts';
import { deliveryChoiceProblem } from './delivery-targets.ts';
import { eventAllowed, isUnrequestedPing, parseEventList, resolveEventType } from './event-type.ts';
import { idempotencyKey } from './idempotency-key.ts';
import { parseRouteEntry } from './route-definition.ts';
import { routeNameProblem } from './route-name.ts';

describe('route names', () => {
  it('accepts lower-case names with digits, dashes and underscores only', () => {
    expect(routeNameProblem('github-prs_2')).toBeNull();
    expect(routeNameProblem('GitHub')).toContain('invalid name');
    expect(routeNameProblem('-leading')).toContain('invalid name');
    expect(routeNameProblem('a/b')).toContain('invalid name');
    expect(routeNameProblem('')).toContain('invalid name');
  });
});

describe('event type', () => {
  it('prefers code-host headers, then payload event_type, then type', () => {
    expect(resolveEventType({ 'x-github-event': 'issues' }, { type: 'x' })).toBe('issues');
    expect(resolveEventType({ 'x-gitlab-event': 'Merge Request Hook' }, {})).toBe('Merge Request Hook');
    expect(resolveEventType({}, { event_type: 'a', type: 'b' })).toBe('a');
    expect(resolveEventType({}, { type: 'payment_intent.succeeded' })).toBe('payment_intent.succeeded');
    expect(resolveEventType({}, [1])).toBe('unknown');
  });

  it('matches GitLab events by object_kind as well as by header', () => {
    const headers = { 'x-gitlab-event': 'Merge Request Hook' };
    expect(eventAllowed(['merge_request'], 'Merge Request Hook', headers, { object_kind: 'merge_request' })).toBe(true);
    expect(eventAllowed(['push'], 'Merge Request Hook', headers, { object_kind: 'merge_request' })).toBe(false);
    expect(eventAllowed([], 'anything', {}, {})).toBe(true);
    expect(eventAllowed(['issues'], 'pull_request', {}, { object_kind: 'issues' })).toBe(false);
    expect(parseEventList(' issues, pull_request ,,')).toEqual(['issues', 'pull_request']);
  });
});

describe('idempotency key', () => {
  const body = Buffer.from('{}');
  const github = { ok: true, scheme: 'github' } as const;
  const gitlab = { ok: true, scheme: 'gitlab' } as const;
  const generic = { ok: true, scheme: 'generic' } as const;
  it('combines the route with the sender delivery id, or the body hash without one', () => {
    expect(idempotencyKey('a', github, { 'x-github-delivery': 'd1' }, body)).toBe('a:id:d1');
    expect(idempotencyKey('b', github, { 'x-github-delivery': 'd1' }, body)).toBe('b:id:d1');
    expect(idempotencyKey('a', { ok: true, scheme: 'standard-webhooks', signedId: 'msg' }, { 'webhook-id': 'msg' }, body)).toBe('a:id:msg');
    expect(idempotencyKey('a', gitlab, { 'x-gitlab-event-uuid': 'u' }, body)).toBe('a:id:u');
    expect(idempotencyKey('a', generic, { 'x-request-id': 'r' }, body)).toBe('a:id:r');
    expect(idempotencyKey('a', github, {}, body)).toMatch(/^a:body:[0-9a-f]{64}$/);
    expect(idempotencyKey('a', github, {}, body)).toBe(idempotencyKey('a', github, {}, Buffer.from('{}')));
  });

  it('takes only the id header of the scheme that verified the request', () => {
    const standard = { ok: true, scheme: 'standard-webhooks', signedId: 'signed' } as const;
    expect(idempotencyKey('a', standard, { 'x-github-delivery': 'fresh', 'webhook-id': 'signed' }, body)).toBe('a:id:signed');
    expect(idempotencyKey('a', github, { 'webhook-id': 'w', 'x-request-id': 'r' }, body)).toMatch(/^a:body:/);
    expect(idempotencyKey('a', generic, { 'x-github-delivery': 'd' }, body)).toMatch(/^a:body:/);
  });
});

describe('delivery choice', () => {
  const set =
    (...names: string[]) =>
    (variable: string) =>
      names.includes(variable);
  it('refuses unknown targets, log with deliver-only, missing tokens and missing chat ids', () => {
    expect(deliveryChoiceProblem({ deliver: 'fax', deliverOnly: false, chatId: undefined, isSet: set() })).toContain(
      'unknown delivery target',
    );
    expect(deliveryChoiceProblem({ deliver: 'log', deliverOnly: true, chatId: undefined, isSet: set() })).toContain('not "log"');
    expect(deliveryChoiceProblem({ deliver: 'log', deliverOnly: false, chatId: undefined, isSet: set() })).toBeNull();
    expect(deliveryChoiceProblem({ deliver: 'telegram', deliverOnly: true, chatId: '1', isSet: set() })).toContain('TELEGRAM_BOT_TOKEN');
    expect(
      deliveryChoiceProblem({ deliver: 'telegram', deliverOnly: true, chatId: undefined, isSet: set('TELEGRAM_BOT_TOKEN') }),
    ).toContain('--deliver-chat-id');
    expect(deliveryChoiceProblem({ deliver: 'matrix', deliverOnly: false, chatId: '!r:x', isSet: set('MATRIX_ACCESS_TOKEN') })).toContain(
      'MATRIX_API_URL',
    );
    expect(deliveryChoiceProblem({ deliver: 'origin', deliverOnly: false, chatId: undefined, isSet: set() })).toContain('GITHUB_TOKEN');
    expect(deliveryChoiceProblem({ deliver: 'origin', deliverOnly: false, chatId: undefined, isSet: set('GITLAB_TOKEN') })).toBeNull();
    expect(
      deliveryChoiceProblem({ deliver: 'github_comment', deliverOnly: false, chatId: undefined, isSet: set('GITHUB_TOKEN') }),
    ).toBeNull();
  });
});

describe('code-host threads', () => {
  it('finds the GitHub issue or pull request of an event', () => {
    expect(githubThreadOf({ repository: { full_name: 'o/r' }, issue: { number: 3 } })).toEqual({ host: 'github', repo: 'o/r', number: 3 });
    expect(githubThreadOf({ repository: { full_name: '../../user' }, issue: { number: 3 } })).toBeNull();
    expect(githubThreadOf({ repository: { full_name: 'o/..' }, issue: { number: 3 } })).toBeNull();
    expect(
      gitlabThreadOf({ project: { path_with_namespace: 'g/../../x' }, object_kind: 'issue', object_attributes: { iid: 1 } }),
    ).toBeNull();
    expect(parseThreadReference('github', '../..#1')).toBeNull();
    expect(parseThreadReference('github', 'o/.#1')).toBeNull();
    expect(parseThreadReference('gitlab', 'g/./p#1')).toBeNull();
    expect(parseThreadReference('gitlab', '..!1')).toBeNull();
    expect(parseThreadReference('gitlab', 'g/sub.x/p-1#4')).toEqual({ host: 'gitlab', project: 'g/sub.x/p-1', kind: 'issues', iid: 4 });
    expect(githubThreadOf({ repository: { full_name: 'o/r' }, number: 7, pull_request: {} })).toEqual({
      host: 'github',
      repo: 'o/r',
      number: 7,
    });
    expect(githubThreadOf({ repository: { full_name: 'o/r' } })).toBeNull();
  });

  it('finds the GitLab issue or merge request, notes included', () => {
    expect(gitlabThreadOf({ object_kind: 'merge_request', project: { id: 5 }, object_attributes: { iid: 2 } })).toEqual({
      host: 'gitlab',
      project: '5',
      kind: 'merge_requests',
      iid: 2,
    });
    expect(
      gitlabThreadOf({
        object_kind: 'note',
        project: { path_with_namespace: 'g/p' },
        object_attributes: { noteable_type: 'Issue' },
        issue: { iid: 9 },
      }),
    ).toEqual({ host: 'gitlab', project: 'g/p', kind: 'issues', iid: 9 });
    expect(gitlabThreadOf({ object_kind: 'push', project: { id: 5 } })).toBeNull();
    expect(originThreadOf({ object_kind: 'issue', project: { id: 1 }, object_attributes: { iid: 4 } }, null)).toMatchObject({
      host: 'gitlab',
    });
    expect(originThreadOf({ hello: 1 }, null)).toBeNull();
  });

  it('parses explicit references', () => {
    expect(parseThreadReference('github', 'o/r#12')).toEqual({ host: 'github', repo: 'o/r', number: 12 });
    expect(parseThreadReference('github', 'o/r!12')).toBeNull();
    expect(parseThreadReference('gitlab', 'g/sub/p!4')).toEqual({ host: 'gitlab', project: 'g/sub/p', kind: 'merge_requests', iid: 4 });
    expect(parseThreadReference('gitlab', 'g/p#4')).toMatchObject({ kind: 'issues' });
  });
});

describe('route entries', () => {
  it('reads an entry with defaults and comma lists', () => {
    const parsed = parseRouteEntry('r', { events: 'a, b', secret: 's', deliver_extra: { chat_id: 42 } }, 'subscription');
    expect(parsed).toMatchObject({
      ok: true,
      route: { events: ['a', 'b'], deliver: 'log', deliverOnly: false, chatId: '42', filter: null },
    });
  });

  it('refuses bad names, targets, deliver-only to log and malformed filters', () => {
    expect(parseRouteEntry('Bad', {}, 'config').ok).toBe(false);
    expect(parseRouteEntry('r', { deliver: 'fax' }, 'config').ok).toBe(false);
    expect(parseRouteEntry('r', { deliver_only: true }, 'config').ok).toBe(false);
    expect(parseRouteEntry('r', { filters: { field: 'x' } }, 'config').ok).toBe(false);
  });
});

describe('isUnrequestedPing', () => {
  it("is true for GitHub's ping unless the route's events name it", () => {
    expect(isUnrequestedPing([], { 'x-github-event': 'ping' })).toBe(true);
    expect(isUnrequestedPing(['issues'], { 'x-github-event': 'ping' })).toBe(true);
    expect(isUnrequestedPing(['ping'], { 'x-github-event': 'ping' })).toBe(false);
    expect(isUnrequestedPing([], { 'x-github-event': 'issues' })).toBe(false);
    expect(isUnrequestedPing([], { 'x-gitlab-event': 'ping' })).toBe(false);
  });
});
