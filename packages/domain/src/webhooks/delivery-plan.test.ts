import { describe, expect, it } from 'vitest';
import { planDelivery, progressUnderPlan, type StoredProgress } from './delivery-plan.ts';
import type { WebhookRoute } from './route-definition.ts';

const route = (overrides: Partial<WebhookRoute> = {}): WebhookRoute => ({
  name: 'flaky',
  source: 'subscription',
  description: undefined,
  events: [],
  secret: undefined,
  prompt: 'Issue {issue.number}',
  skills: ['triage'],
  deliver: 'slack',
  deliverOnly: false,
  chatId: 'C{team}',
  script: undefined,
  filter: null,
  rateLimit: undefined,
  maxInFlight: undefined,
  orderKey: undefined,
  retentionDays: undefined,
  ...overrides,
});

const payload = { issue: { number: 7 }, team: 'OPS' };

describe('planDelivery', () => {
  it('renders the prompt and chat id with the payload', () => {
    expect(planDelivery(route(), payload)).toEqual({
      mode: 'agent',
      target: 'slack',
      chatId: 'COPS',
      prompt: 'Issue 7',
      skills: ['triage'],
    });
  });

  it('a direct route carries no skills; no chat id is null', () => {
    expect(planDelivery(route({ deliverOnly: true, chatId: undefined, deliver: 'log' }), payload)).toEqual({
      mode: 'deliver_only',
      target: 'log',
      chatId: null,
      prompt: 'Issue 7',
      skills: [],
    });
  });
});

describe('progressUnderPlan', () => {
  const stored: StoredProgress = {
    mode: 'agent',
    target: 'slack',
    chatId: 'C1',
    prompt: 'Issue 7',
    skills: ['triage'],
    agentReply: 'reply',
    sentParts: ['ts1'],
  };

  it('keeps the reply and sent parts when nothing changed', () => {
    expect(progressUnderPlan(stored, { ...stored })).toEqual({ agentReply: 'reply', sentParts: ['ts1'] });
  });

  it('a new chat keeps the reply but sends the whole message again', () => {
    expect(progressUnderPlan(stored, { ...stored, chatId: 'C2' })).toEqual({ agentReply: 'reply', sentParts: [] });
  });

  it('a new prompt or new skills run the agent again', () => {
    expect(progressUnderPlan(stored, { ...stored, prompt: 'Other 7' })).toEqual({ agentReply: null, sentParts: [] });
    expect(progressUnderPlan(stored, { ...stored, skills: [] })).toEqual({ agentReply: null, sentParts: [] });
  });

  it('a route turned direct sends the prompt, not the old reply', () => {
    expect(progressUnderPlan(stored, { ...stored, mode: 'deliver_only', skills: [] })).toEqual({ agentReply: null, sentParts: [] });
    const direct: StoredProgress = { ...stored, mode: 'deliver_only', skills: [], agentReply: null };
    expect(progressUnderPlan(direct, { ...direct })).toEqual({ agentReply: null, sentParts: ['ts1'] });
  });
});
