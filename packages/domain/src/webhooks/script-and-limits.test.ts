import { describe, expect, it } from 'vitest';
import { SlidingWindowRateLimit } from './rate-limit-window.ts';
import { retryDelayMs } from './retry-backoff.ts';
import { interpretScriptRun, scriptInterpreter } from './script-outcome.ts';
import { resolveScriptPath } from './script-path.ts';

describe('script outcome', () => {
  const payload = { a: 1 };
  it('a JSON object replaces the payload; other text is added as script_output', () => {
    expect(interpretScriptRun({ exitCode: 0, stdout: '{"b":2}\n', timedOut: false }, payload)).toEqual({ kind: 'continue', payload: { b: 2 } });
    expect(interpretScriptRun({ exitCode: 0, stdout: 'note', timedOut: false }, payload)).toEqual({ kind: 'continue', payload: { a: 1, script_output: 'note' } });
  });

  it('empty output, [SILENT], a non-zero exit or a timeout ignore the event', () => {
    expect(interpretScriptRun({ exitCode: 0, stdout: '  \n', timedOut: false }, payload)).toMatchObject({ kind: 'ignored' });
    expect(interpretScriptRun({ exitCode: 0, stdout: '[SILENT]\n', timedOut: false }, payload)).toMatchObject({ kind: 'ignored' });
    expect(interpretScriptRun({ exitCode: 3, stdout: '{"b":2}', timedOut: false }, payload)).toEqual({ kind: 'ignored', reason: 'script exited with code 3' });
    expect(interpretScriptRun({ exitCode: null, stdout: '', timedOut: true }, payload)).toEqual({ kind: 'ignored', reason: 'script timed out' });
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
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect(limiter.hit('other', 3, start + 10_000).allowed).toBe(true);
    // Half-way into the next minute half of the previous minute's hits still count.
    expect(limiter.hit('r', 3, start + 90_000).allowed).toBe(true);
    expect(limiter.hit('r', 3, start + 90_001).allowed).toBe(false);
    expect(limiter.hit('r', 3, start + 200_000).allowed).toBe(true);
  });
});

describe('retry backoff', () => {
  it('doubles from the base up to the cap, with bounded jitter', () => {
    const policy = { baseMs: 1000, maxMs: 10_000 };
    expect([1, 2, 3, 4, 5, 6].map((attempt) => retryDelayMs(attempt, policy, 0))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(retryDelayMs(1, policy, 0.999)).toBeLessThanOrEqual(1200);
  });
});
