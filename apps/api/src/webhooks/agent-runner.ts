import { spawn } from 'node:child_process';
import { DeliveryError } from './delivery/delivery-error.ts';
import { callJson, field } from './delivery/http-call.ts';
import type { WebhookEnv } from './webhook-env.ts';

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

const runChatCompletion = async (env: WebhookEnv, baseUrl: string, request: AgentRequest): Promise<string> => {
  if (env.AGENT_MODEL === undefined) {
    throw new DeliveryError('agent: AGENT_BASE_URL is set but AGENT_MODEL is not', true);
  }
  const answer = await callJson({
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
  });
  const choices = field(answer, 'choices');
  const content = Array.isArray(choices) ? field(field(choices[0], 'message'), 'content') : undefined;
  if (typeof content !== 'string' || content.trim() === '') {
    throw new DeliveryError('agent chat completion: the answer has no message content', false);
  }

  return content.trim();
};

/** Runs AGENT_COMMAND with the instructions and prompt on stdin; its stdout is the reply. */
const runAgentCommand = (command: string, timeoutMs: number, request: AgentRequest): Promise<string> =>
  new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', command], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', () => {
      clearTimeout(timer);
      reject(new DeliveryError('agent command: could not be started', true));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const reply = Buffer.concat(out).toString('utf8').trim();
      if (timedOut) {
        reject(new DeliveryError(`agent command: no answer within ${timeoutMs} ms`, false));
      } else if (code !== 0) {
        const detail = Buffer.concat(err).toString('utf8').trim().split('\n').pop()?.slice(0, 200) ?? '';
        reject(new DeliveryError(`agent command: exit code ${code ?? 'unknown'} ${detail}`.trim(), false));
      } else if (reply === '') {
        reject(new DeliveryError('agent command: printed no reply', false));
      } else {
        resolve(reply);
      }
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(`${instructionsFor(request)}\n\n${request.prompt}\n`);
  });

/**
 * The agent: an OpenAI-compatible chat completions server when AGENT_BASE_URL is set, otherwise
 * AGENT_COMMAND. With neither, every agent-mode event fails visibly in its delivery record.
 */
export const createAgentRunner =
  (env: WebhookEnv): RunAgent =>
  async (request) => {
    if (env.AGENT_BASE_URL !== undefined) {
      return runChatCompletion(env, env.AGENT_BASE_URL, request);
    }
    if (env.AGENT_COMMAND !== undefined) {
      return runAgentCommand(env.AGENT_COMMAND, env.AGENT_TIMEOUT_MS, request);
    }
    throw new DeliveryError('no agent configured: set AGENT_BASE_URL and AGENT_MODEL, or AGENT_COMMAND', true);
  };
