import { afterEach, describe, expect, it, vi } from 'vitest';
import { SlidingWindowRateLimit } from '@switchyard/domain/webhooks/rate-limit-window';
import { createLogger } from '../../logger.ts';
import type { WorkerMessage } from './ipc-messages.ts';
import { answerRateMessage, createSharedRateLimit, inMemoryRateCount } from './shared-rate-limit.ts';

const silentLogger = createLogger({ level: 'silent' });

/** Two processes' sides wired to one primary count, with the IPC replaced by direct calls. */
const gateway = (processes = 2) => {
  const limiter = new SlidingWindowRateLimit();
  const count = inMemoryRateCount(limiter);
  const sent: WorkerMessage[] = [];
  const sides = Array.from({ length: processes }, () => {
    const side = createSharedRateLimit((message) => {
      sent.push(message);
      if (message.kind === 'rate-take' || message.kind === 'rate-return') {
        void answerRateMessage(count, message, processes, Date.now(), silentLogger).then((answer) => {
          if (answer?.kind === 'rate-granted') {
            side.receive(answer);
          }
        });
      }

      return true;
    });

    return side;
  });

  return { limiter, sent, sides };
};

afterEach(() => {
  vi.useRealTimers();
});

describe('shared rate limit', () => {
  it('decides most requests of a busy route without asking the primary', async () => {
    const { sent, sides } = gateway();
    const side = sides[0];
    const decisions = await Promise.all(Array.from({ length: 100 }, () => side?.rateLimit.hit('busy', 1_000_000)));
    expect(decisions.every((decision) => decision?.allowed)).toBe(true);
    expect(sent.filter((message) => message.kind === 'rate-take').length).toBeLessThanOrEqual(2);
  });

  it('never lets the processes together pass more than the limit', async () => {
    const { sides } = gateway(3);
    const decisions = await Promise.all(Array.from({ length: 30 }, (_, index) => sides[index % 3]?.rateLimit.hit('limited', 10)));
    expect(decisions.filter((decision) => decision?.allowed)).toHaveLength(10);
    const refused = decisions.filter((decision) => decision !== undefined && !decision.allowed);
    expect(refused).toHaveLength(20);
    expect(refused.every((decision) => decision && !decision.allowed && decision.retryAfterSeconds >= 1)).toBe(true);
  });

  it('gives allowance back when it sat unused, for the other processes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(600_000);
    const { limiter, sent, sides } = gateway(2);
    // The first process takes its part of a limit of 40 and uses one.
    expect(await sides[0]?.rateLimit.hit('shared', 40)).toEqual({ allowed: true });
    const before = limiter.remaining('shared', 40, Date.now());
    expect(before).toBeLessThan(39);
    vi.advanceTimersByTime(1_100);
    expect(sent.some((message) => message.kind === 'rate-return')).toBe(true);
    expect(limiter.remaining('shared', 40, Date.now())).toBe(39);
  });

  it('refuses what waits when the primary is gone', async () => {
    const side = createSharedRateLimit(() => true);
    const waiting = side.rateLimit.hit('r', 5);
    await new Promise((resolve) => setImmediate(resolve));
    side.abandon();
    expect(await waiting).toEqual({ allowed: false, retryAfterSeconds: 1, uncounted: true });
    const unsendable = createSharedRateLimit(() => false);
    const refused = unsendable.rateLimit.hit('r', 5);
    expect(await refused).toEqual({ allowed: false, retryAfterSeconds: 1, uncounted: true });
  });

  it('marks a refusal uncounted when the count cannot be reached, and a spent allowance not', async () => {
    const broken = { take: () => Promise.reject(new Error('connection refused')), giveBack: () => Promise.resolve() };
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', destination: { write: (line: string) => void lines.push(line) } });
    const side = createSharedRateLimit((message) => {
      if (message.kind === 'rate-take') {
        void answerRateMessage(broken, message, 1, Date.now(), logger).then(
          (answer) => answer?.kind === 'rate-granted' && side.receive(answer),
        );
      }

      return true;
    });
    expect(await side.rateLimit.hit('r', 5)).toEqual({ allowed: false, retryAfterSeconds: 1, uncounted: true });
    expect(lines.some((line) => line.includes('webhook rate limit not counted'))).toBe(true);
    // A limit that is simply spent stays a plain refusal (429).
    const { sides } = gateway(1);
    expect(await sides[0]?.rateLimit.hit('spent', 1)).toEqual({ allowed: true });
    expect(await sides[0]?.rateLimit.hit('spent', 1)).toEqual({ allowed: false, retryAfterSeconds: expect.any(Number) });
  });
});
