import { describe, expect, it } from 'vitest';
import { receiverProcessCount } from './receiver-processes.ts';

describe('receiverProcessCount', () => {
  it('runs one process on the embedded database, and refuses more when asked', () => {
    expect(receiverProcessCount({ configured: undefined, serverDatabase: false, cpuCount: 8 })).toEqual({ ok: true, count: 1 });
    expect(receiverProcessCount({ configured: 1, serverDatabase: false, cpuCount: 8 })).toEqual({ ok: true, count: 1 });
    const refused = receiverProcessCount({ configured: 2, serverDatabase: false, cpuCount: 8 });
    expect(refused.ok).toBe(false);
    expect(refused.ok ? '' : refused.problem).toMatch(/DATABASE_URL/);
  });

  it('defaults to one process per two cores on PostgreSQL, at least one and at most four', () => {
    expect(receiverProcessCount({ configured: undefined, serverDatabase: true, cpuCount: 1 })).toEqual({ ok: true, count: 1 });
    expect(receiverProcessCount({ configured: undefined, serverDatabase: true, cpuCount: 2 })).toEqual({ ok: true, count: 1 });
    expect(receiverProcessCount({ configured: undefined, serverDatabase: true, cpuCount: 5 })).toEqual({ ok: true, count: 2 });
    expect(receiverProcessCount({ configured: undefined, serverDatabase: true, cpuCount: 32 })).toEqual({ ok: true, count: 4 });
  });

  it('takes the configured count on PostgreSQL', () => {
    expect(receiverProcessCount({ configured: 1, serverDatabase: true, cpuCount: 8 })).toEqual({ ok: true, count: 1 });
    expect(receiverProcessCount({ configured: 12, serverDatabase: true, cpuCount: 2 })).toEqual({ ok: true, count: 12 });
  });
});
