import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { intakeBody } from '../support/claims-client.ts';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.ts';
import { createTestDatabase } from '../support/webhooks/test-database.ts';
import { waitFor } from '../support/webhooks/wait-for.ts';

type LogLine = Record<string, unknown>;

const logLines = (output: string): LogLine[] =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

describe('request ids and access lines, in the logs of a real process', () => {
  it('keeps a sane incoming id or makes one, echoes it, puts it on every line written while serving and writes one access line without secrets', async () => {
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-request-ids-'));
    let service: ServiceProcess | null = null;
    try {
      service = await startServiceProcess({
        ...database.env,
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        CLAIMS_PORT: '0',
        TRANSPORT_PORT: '0',
        STAFF_KEY: 'request-ids-staff-key-0123456789',
      });
      const claims = service.url;
      const transport = /"service":"transport","url":"(http:\/\/[^"]+)","msg":"listening"/.exec(service.output())?.[1] ?? '';

      const intake = await fetch(`${claims}/api/intake`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'lb-7f3a.intake:0001' },
        body: JSON.stringify(intakeBody()),
      });
      expect(intake.status).toBe(201);
      expect(intake.headers.get('x-request-id')).toBe('lb-7f3a.intake:0001');

      // An id that is not sane is replaced, not echoed.
      const insane = await fetch(`${claims}/api/claims/CLM-2026-000001?token=query-secret-value`, {
        headers: { 'X-Request-Id': `${'x'.repeat(200)}`, Authorization: 'Bearer bearer-secret-value' },
      });
      const madeId = insane.headers.get('x-request-id') ?? '';
      expect(madeId).toMatch(/^[0-9a-f-]{36}$/);
      const odd = await fetch(`${claims}/api/openapi.json`, { headers: { 'X-Request-Id': 'has space' } });
      expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

      const tenantRequest = await fetch(`${transport}/demo/api/public/schools`, { headers: { 'X-Request-Id': 'tenant-request-1' } });
      expect(tenantRequest.headers.get('x-request-id')).toBe('tenant-request-1');

      const lines =
        (await waitFor(
          () => {
            const all = logLines(service?.output() ?? '');

            return all.some((line) => line.msg === 'request' && line.request_id === 'tenant-request-1') ? all : undefined;
          },
          20_000,
          'the access lines',
        )) ?? [];

      // Every line of the intake carries its id: the procedure's own and the access line.
      const ofIntake = lines.filter((line) => line.request_id === 'lb-7f3a.intake:0001');
      expect(ofIntake.map((line) => line.msg)).toEqual(expect.arrayContaining(['claim received', 'request']));
      const access = lines.filter((line) => line.msg === 'request');
      expect(access.filter((line) => line.request_id === 'lb-7f3a.intake:0001')).toEqual([
        expect.objectContaining({ service: 'claims', method: 'POST', route: '/api/intake', status: 201, duration_ms: expect.any(Number) }),
      ]);
      expect(access.filter((line) => line.request_id === madeId)).toEqual([
        expect.objectContaining({ service: 'claims', method: 'GET', route: '/api/claims/{claim_number}', status: expect.any(Number) }),
      ]);
      expect(access.filter((line) => line.request_id === 'tenant-request-1')).toEqual([
        expect.objectContaining({ service: 'transport', route: '/{tenant}/api/public/schools', tenant: 'demo' }),
      ]);
      // The intake's team mail, sent later by the outbox worker, names the request that queued it.
      const mailLine = await waitFor(
        () => logLines(service?.output() ?? '').find((line) => line.msg === 'mail sent' && line.kind === 'intake_summary'),
        20_000,
        'the worker to send the intake mail',
      );
      expect(mailLine?.request_id).toBe('lb-7f3a.intake:0001');
      // Nothing of the token, the key or the query string reaches the log.
      const output = service.output();
      expect(output).not.toContain('query-secret-value');
      expect(output).not.toContain('bearer-secret-value');
      expect(output).not.toContain('CLM-2026-000001');
    } finally {
      await service?.stop();
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
