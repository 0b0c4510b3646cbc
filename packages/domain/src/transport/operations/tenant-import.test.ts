import { describe, expect, it } from 'vitest';
import { describeImportProblem, tenantImportFile } from './tenant-import.ts';

describe('tenantImportFile', () => {
  it('accepts an empty object and derives missing ids from names', () => {
    expect(tenantImportFile.parse({})).toEqual({ schools: [], buses: [], routes: [] });
    const parsed = tenantImportFile.parse({
      schools: [{ name: 'Oak Elementary' }],
      routes: [
        { name: 'North Loop', stops: [{ name: 'A' }] },
        { id: 'custom', name: 'North Loop' },
      ],
    });
    expect(parsed.schools[0]?.id).toBe('oak-elementary');
    expect(parsed.routes.map((route) => route.id)).toEqual(['north-loop', 'custom']);
  });

  it('refuses duplicate ids within one list, naming the entry', () => {
    const result = tenantImportFile.safeParse({ routes: [{ name: 'North Loop' }, { name: 'north loop' }] });
    expect(result.success).toBe(false);
    expect(result.error && describeImportProblem(result.error)).toBe(
      'routes.1.id: the id "north-loop" appears twice in routes; give the entries distinct ids',
    );
  });

  it('describes the first problem on one line, with a count of the rest', () => {
    const result = tenantImportFile.safeParse({ buses: [{ id: 'b 1' }], schools: [{ name: 'S', colour: 'red' }] });
    expect(result.success).toBe(false);
    const line = result.error ? describeImportProblem(result.error) : '';
    expect(line).toMatch(/^schools\.0: unknown field\(s\): colour \(and 1 more problem\)$/);
    expect(line).not.toContain('\n');
  });
});
