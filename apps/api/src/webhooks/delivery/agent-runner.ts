import { spawn } from 'node:child_process';
import { homedir } from 'node:os';
import { DeliveryError } from './delivery-error.ts';
import { callJson, field } from './http-call.ts';
import type { WebhookEnv } from '../webhook-env.ts';
import type { Clock } from '../../clock.ts';

export type AgentRequest = {
  route: string;
  eventType: string;
  /** Skill texts, prepended to the agent's instructions. */
  skillInstructions: string;
  prompt: string;
};

export type RunAgent = (request: AgentRequest) => Promise<string>;

const baseInstructions = (request: AgentRequest): string =>
  [
    `You are handling a webhook event "${request.eventType}" received on the route "${request.route}".`,
    'Your reply is delivered as a message exactly as you write it. Reply with [SILENT] to send nothing.',
  ].join(' ');

const instructionsFor = (request: AgentRequest): string =>
  [request.skillInstructions, baseInstructions(request)].filter((part) => part !== '').join('\n\n');

const runChatCompletion = async (env: WebhookEnv, baseUrl: string, request: AgentRequest, clock: Clock): Promise<string> => {
  if (env.AGENT_MODEL === undefined) {
    throw new DeliveryError('agent: AGENT_BASE_URL is set but AGENT_MODEL is not', true);
  }
  const answer = await callJson(
    {
      what: 'agent chat completion',
      method: 'POST',
      url: `${baseUrl.replace(/\/+$/, '')}/chat/completions`,
      headers: env.AGENT_API_KEY === undefined ? {} : { authorization: `Bearer ${env.AGENT_API_KEY}` },
      body: {
        model: env.AGENT_MODEL,
        messages: [
          { role: 'system', content: instructionsFor(request) },
          { role: 'user', content: request.prompt },
        ],
      },
      timeoutMs: env.AGENT_TIMEOUT_MS,
    },
    clock,
  );
  const choices = field(answer, 'choices');
  const content = Array.isArray(choices) ? field(field(choices[0], 'message'), 'content') : undefined;
  if (typeof content !== 'string' || content.trim() === '') {
    throw new DeliveryError('agent chat completion: the answer has no message content', false);
  }

  return content.trim();
};

/** Beyond this the reply is not a message anyone would read; the rest of stdout is discarded. */
const MAX_REPLY_BYTES = 1024 * 1024;

/**
 * What AGENT_COMMAND sees of the environment: none of the service's tokens, secrets or database
 * address, only what a command needs to run and the agent settings meant for it.
 */
const agentCommandEnv = (env: WebhookEnv, request: AgentRequest): Record<string, string> => {
  const variables: Record<string, string | undefined> = {
    PATH: env.PATH,
    HOME: homedir(),
    LANG: 'C.UTF-8',
    AGENT_MODEL: env.AGENT_MODEL,
    AGENT_API_KEY: env.AGENT_API_KEY,
    SWITCHYARD_WEBHOOK_ROUTE: request.route,
    SWITCHYARD_WEBHOOK_EVENT_TYPE: request.eventType,
  };

  return Object.fromEntries(Object.entries(variables).filter((entry): entry is [string, string] => entry[1] !== undefined));
};

/**
 * Runs AGENT_COMMAND with the instructions and prompt on stdin; its stdout is the reply. The
 * command runs in its own process group and the timeout ends the whole group and settles at once:
 * waiting for 'close' would wait for any grandchild still holding stdout (`sleep 60 | cat`).
 */
const runAgentCommand = (env: WebhookEnv, command: string, request: AgentRequest): Promise<string> =>
  new Promise((resolve, reject) => {
    const timeoutMs = env.AGENT_TIMEOUT_MS;
    const child = spawn('/bin/sh', ['-c', command], {
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
      env: agentCommandEnv(env, request),
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outBytes = 0;
    let errBytes = 0;
    let settled = false;
    const settle = (outcome: () => void) => {
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        outcome();
      }
    };
    const timer = setTimeout(() => {
      try {
        process.kill(-(child.pid ?? 0), 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
      settle(() => reject(new DeliveryError(`agent command: no answer within ${timeoutMs} ms`, false)));
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes <= MAX_REPLY_BYTES) {
        out.push(chunk);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      errBytes += chunk.length;
      if (errBytes <= 64 * 1024) {
        err.push(chunk);
      }
    });
    child.on('error', () => settle(() => reject(new DeliveryError('agent command: could not be started', true))));
    child.on('close', (code) =>
      settle(() => {
        const reply = Buffer.concat(out).toString('utf8').trim();
        if (code !== 0) {
          const detail = Buffer.concat(err).toString('utf8').trim().split('\n').pop()?.slice(0, 200) ?? '';
          reject(new DeliveryError(`agent command: exit code ${code ?? 'unknown'} ${detail}`.trim(), false));
        } else if (reply === '') {
          reject(new DeliveryError('agent command: printed no reply', false));
        } else {
          resolve(reply);
        }
      }),
    );
    child.stdin.on('error', () => undefined);
    child.stdin.end(`${instructionsFor(request)}\n\n${request.prompt}\n`);
  });

/**
 * The agent: an OpenAI-compatible chat completions server when AGENT_BASE_URL is set, otherwise
 * AGENT_COMMAND. With neither, every agent-mode event fails visibly in its delivery record.
 */
export const createAgentRunner =
  (env: WebhookEnv, clock: Clock): RunAgent =>
  async (request) => {
    if (env.AGENT_BASE_URL !== undefined) {
      return runChatCompletion(env, env.AGENT_BASE_URL, request, clock);
    }
    if (env.AGENT_COMMAND !== undefined) {
      return runAgentCommand(env, env.AGENT_COMMAND, request);
    }
    throw new DeliveryError('no agent configured: set AGENT_BASE_URL and AGENT_MODEL, or AGENT_COMMAND', true);
  };
