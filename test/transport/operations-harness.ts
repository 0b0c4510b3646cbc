import { startFakeIdentity, type FakeIdentity } from '../support/fake-identity.ts';
import { startTestTransport, type TestTransport } from '../support/transport-server.ts';

/**
 * The transport service with a fake identity provider, the `demo` tenant plus a second tenant
 * `acme`, and tokens for the people the operations endpoints tell apart.
 */
export type OperationsHarness = {
  transport: TestTransport;
  identity: FakeIdentity;
  tokens: { demo: string; acme: string; parent: string; admin: string };
  call(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> },
  ): Promise<Answer>;
  count(table: string, tenantId?: string): Promise<number>;
  close(): Promise<void>;
};

// Answers are JSON the tests pick apart freely.
export type Answer = { status: number; body: any };

export const startOperationsHarness = async (overrides: Record<string, string> = {}): Promise<OperationsHarness> => {
  const identity = await startFakeIdentity();
  const transport = await startTestTransport({ IDENTITY_URL: identity.url, ...overrides });
  await transport.db.fork().execute("insert into transport_tenant (id, name) values ('acme', 'Acme')");
  const tokens = {
    demo: identity.addUser({ role: 'operator', tenant_id: 'demo' }),
    acme: identity.addUser({ role: 'operator', tenant_id: 'acme' }),
    parent: identity.addUser({ role: 'parent', tenant_id: 'demo' }),
    admin: identity.addUser({ appRole: 'platform_admin' }),
  };

  return {
    transport,
    identity,
    tokens,
    call: async (method, path, options = {}) => {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) {
        headers.Authorization = `Bearer ${options.token}`;
      }
      const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
      if (body !== undefined) {
        headers['Content-Type'] = 'application/json';
      }
      const response = await fetch(`${transport.url}${path}`, { method, headers, body });
      const text = await response.text();

      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    count: async (table, tenantId) => {
      const rows = await transport.db
        .fork()
        .execute<{ n: number }[]>(
          `select count(*)::int as n from ${table}${tenantId ? ' where tenant_id = ?' : ''}`,
          tenantId ? [tenantId] : [],
        );

      return rows[0]?.n ?? 0;
    },
    close: async () => {
      await transport.close();
      await identity.close();
    },
  };
};
