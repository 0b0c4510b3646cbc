import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { openServerControl } from '../support/database-faults.ts';

const readyz = async (claims: TestClaims) => {
  const response = await fetch(`${claims.url}/readyz`);

  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('GET /readyz names the failing check', () => {
  let claims: TestClaims;
  beforeAll(async () => {
    claims = await startTestClaims();
  });
  afterAll(async () => {
    await claims?.close();
  });

  it('is ready when the database answers and every migration is applied', async () => {
    expect(await readyz(claims)).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it('is not ready while a migration of this build is not applied, and ready again once it is', async () => {
    const [last] = await claims.db
      .fork()
      .execute<{ id: number; name: string; executed_at: Date }[]>(
        'select id, name, executed_at from mikro_orm_migrations order by id desc limit 1',
      );
    expect(last).toBeDefined();
    await claims.db.fork().execute('delete from mikro_orm_migrations where id = ?', [last?.id]);
    try {
      expect(await readyz(claims)).toEqual({ status: 503, body: { status: 'not ready', failing: 'migrations' } });
    } finally {
      await claims.db
        .fork()
        .execute('insert into mikro_orm_migrations (id, name, executed_at) values (?, ?, ?)', [last?.id, last?.name, last?.executed_at]);
    }
    expect((await readyz(claims)).status).toBe(200);
  });

  it.runIf(process.env.DATABASE_URL)('is not ready while the database refuses connections, and ready again after', async () => {
    const url = claims.shared.database.env.DATABASE_URL ?? '';
    const control = await openServerControl(url);
    try {
      await control.refuseConnections();
      expect(await readyz(claims)).toEqual({ status: 503, body: { status: 'not ready', failing: 'database' } });
    } finally {
      await control.allowConnections();
      await control.client.end();
    }
    expect((await readyz(claims)).status).toBe(200);
  });
});
