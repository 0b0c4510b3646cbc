import { describe, expect, it } from 'vitest';
import { grantSize, SlidingWindowRateLimit } from './rate-limit-window.ts';
import { retryDelayMs } from './retry-backoff.ts';
import { interpretScriptRun, scriptInterpreter } from './script-outcome.ts';
import { resolveScriptPath } from './script-path.ts';

describe('script outcome', () => {
  const payload = { a: 1 };
  it('output the database could not store, or nested too deep, ignores the event', () => {
    const run = (stdout: string) => interpretScriptRun({ exitCode: 0, stdout, timedOut: false }, payload);
    expect(run('{"b":"\\u0000"}')).toEqual({ kind: 'ignored', reason: 'script output refused: payload contains a \\u0000 character' });
    expect(run('text with a \u0000 in it')).toMatchObject({ kind: 'ignored' });
    expect(run(`{"b":${'['.repeat(100)}${']'.repeat(100)}}`)).toMatchObject({
      kind: 'ignored',
      reason: expect.stringContaining('nested deeper'),
    });
  });

  it('a JSON object replaces the payload; other text is added as script_output', () => {
    expect(interpretScriptRun({ exitCode: 0, stdout: '{"b":2}\n', timedOut: false }, payload)).toEqual({
      kind: 'continue',
      payload: { b: 2 },
    });
    expect(interpretScriptRun({ exitCode: 0, stdout: 'note', timedOut: false }, payload)).toEqual({
      kind: 'continue',
      payload: { a: 1, script_output: 'note' },
    });
  });

  it('empty output, [SILENT], a non-zero exit or a timeout ignore the event', () => {
    expect(interpretScriptRun({ exitCode: 0, stdout: '  \n', timedOut: false }, payload)).toMatchObject({ kind: 'ignored' });
    expect(interpretScriptRun({ exitCode: 0, stdout: '[SILENT]\n', timedOut: false }, payload)).toMatchObject({ kind: 'ignored' });
    expect(interpretScriptRun({ exitCode: 3, stdout: '{"b":2}', timedOut: false }, payload)).toEqual({
      kind: 'ignored',
      reason: 'script exited with code 3',
    });
    expect(interpretScriptRun({ exitCode: null, stdout: '', timedOut: true }, payload)).toEqual({
      kind: 'ignored',
      reason: 'script timed out',
    });
  });

  it('picks bash for .sh and .bash, Python otherwise', () => {
    expect(scriptInterpreter('x.sh')).toBe('bash');
    expect(scriptInterpreter('x.bash')).toBe('bash');
    expect(scriptInterpreter('x.py')).toBe('python3');
    expect(scriptInterpreter('x')).toBe('python3');
  });
});

describe('script path', () => {
  it('keeps scripts inside the scripts directory', () => {
    expect(resolveScriptPath('/home/s/scripts', 'filter.py')).toEqual({ ok: true, path: '/home/s/scripts/filter.py' });
    expect(resolveScriptPath('/home/s/scripts', 'sub/f.sh')).toEqual({ ok: true, path: '/home/s/scripts/sub/f.sh' });
    expect(resolveScriptPath('/home/s/scripts', '../config.yaml').ok).toBe(false);
    expect(resolveScriptPath('/home/s/scripts', '/etc/passwd').ok).toBe(false);
    expect(resolveScriptPath('/home/s/scripts', '/home/s/scripts-evil/x.sh').ok).toBe(false);
    expect(resolveScriptPath('/home/s/scripts', '.').ok).toBe(false);
  });
});

describe('rate limit', () => {
  it('allows the limit per minute per key, then answers with a retry delay', () => {
    const limiter = new SlidingWindowRateLimit();
    const start = 600_000;
    for (let index = 0; index < 3; index += 1) {
      expect(limiter.hit('r', 3, start + index).allowed).toBe(true);
    }
    const refused = limiter.hit('r', 3, start + 10_000);
    // The minute turns in 50 s, but then its 3 hits still weigh 3: they fade to 2 (room for one
    // more) a third into the next minute, 20 s later.
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 70 });
    expect(limiter.hit('r', 3, start + 79_000).allowed).toBe(false);
    expect(limiter.hit('other', 3, start + 10_000).allowed).toBe(true);
    // Half-way into the next minute half of the previous minute's hits still count.
    expect(limiter.hit('r', 3, start + 90_000).allowed).toBe(true);
    const again = limiter.hit('r', 3, start + 90_001);
    // 1.5 fading + 1 counted = 2.5; the fading 3 fall to 1 (total 2, room for one) two thirds
    // into this minute, 10 s later.
    expect(again).toEqual({ allowed: false, retryAfterSeconds: 10 });
    expect(limiter.hit('r', 3, start + 99_000).allowed).toBe(false);
    expect(limiter.hit('r', 3, start + 100_000).allowed).toBe(true);
    expect(limiter.hit('r', 3, start + 200_000).allowed).toBe(true);
  });

  it('hands out allowance in parts that never add up to more than the limit', () => {
    const limiter = new SlidingWindowRateLimit();
    const now = 600_000;
    // Room is left after this grant, so a retry could come at once (the minimum, 1 s).
    expect(limiter.take('r', 10, 4, now)).toEqual({ granted: 4, retryAfterSeconds: 1 });
    expect(limiter.take('r', 10, 4, now + 1).granted).toBe(4);
    expect(limiter.take('r', 10, 4, now + 2).granted).toBe(2);
    // All 10 taken: the next minute starts in just under 60 s, and its fading 10 leave room for one a
    // tenth into it, 6 s later.
    expect(limiter.take('r', 10, 4, now + 3)).toEqual({ granted: 0, retryAfterSeconds: 66 });
    expect(limiter.hit('r', 10, now + 4).allowed).toBe(false);
    // Unused allowance given back in the same minute can be taken again.
    limiter.giveBack('r', 3, now + 1, now + 5);
    expect(limiter.take('r', 10, 5, now + 6).granted).toBe(3);
    // Given back after the minute turned, it had already aged into the previous minute's count.
    limiter.giveBack('r', 3, now + 6, now + 61_000);
    expect(limiter.take('r', 10, 10, now + 61_000).granted).toBe(0);
  });

  it('sizes a grant from what is wanted and a share of what is left', () => {
    expect(grantSize(1, 1_000_000, 2)).toBe(257);
    expect(grantSize(3, 100, 2)).toBe(15);
    expect(grantSize(1, 7, 2)).toBe(1);
    expect(grantSize(5, 2, 2)).toBe(2);
    expect(grantSize(1, 0, 2)).toBe(0);
  });
});

describe('retry backoff', () => {
  it("follows Svix's schedule by default: 8 attempts over about a day", () => {
    const svix = { baseMs: 5_000, maxMs: 36_000_000 };
    const delays = [1, 2, 3, 4, 5, 6, 7].map((attempt) => retryDelayMs(attempt, svix, 0));
    expect(delays).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    const hours = delays.reduce((sum, delay) => sum + delay, 0) / 3_600_000;
    expect(hours).toBeGreaterThan(24);
    expect(hours).toBeLessThan(30);
    // More attempts than the schedule has steps repeat its last step.
    expect(retryDelayMs(12, svix, 0)).toBe(36_000_000);
  });

  it('scales the schedule to the base, caps each step, with bounded jitter', () => {
    const policy = { baseMs: 1000, maxMs: 100_000 };
    expect([1, 2, 3].map((attempt) => retryDelayMs(attempt, policy, 0))).toEqual([1000, 60_000, 100_000]);
    expect(retryDelayMs(1, policy, 0.999)).toBeLessThanOrEqual(1200);
  });
});
