import { startFakeIdentity, type FakeIdentity } from '../support/fake-identity.ts';
import { startTestTransport, type TestTransport } from '../support/transport-server.ts';

/**
 * A transport service with a fake identity provider, the `demo` tenant plus a second tenant
 * `acme`, and a token for each kind of caller the GraphQL facade tells apart.
 */
export type GraphqlWorld = {
  transport: TestTransport;
  identity: FakeIdentity;
  tokens: { demo: string; acme: string; parent: string; noRole: string; admin: string };
  close(): Promise<void>;
};

export const startGraphqlWorld = async (overrides: Record<string, string> = {}): Promise<GraphqlWorld> => {
  const identity = await startFakeIdentity();
  const transport = await startTestTransport({ IDENTITY_URL: identity.url, ...overrides });
  await transport.db.fork().execute("insert into transport_tenant (id, name, tier) values ('acme', 'Acme Buses', 'standard')");

  return {
    transport,
    identity,
    tokens: {
      demo: identity.addUser({ email: 'ops@demo.test', appRole: 'operator', appTenant: 'demo' }),
      acme: identity.addUser({ email: 'ops@acme.test', appRole: 'operator', appTenant: 'acme' }),
      parent: identity.addUser({ email: 'parent@demo.test', role: 'parent', tenant_id: 'demo' }),
      noRole: identity.addUser({ email: 'nobody@demo.test', tenant_id: 'demo' }),
      admin: identity.addUser({ email: 'root@platform.test', appRole: 'platform_admin' }),
    },
    close: async () => {
      await transport.close();
      await identity.close();
    },
  };
};

// Answers are JSON the tests pick apart freely.
export type GraphqlAnswer = { status: number; body: any };

/** POSTs one GraphQL operation, with the token as a bearer when one is given. */
export const gql = async (
  world: GraphqlWorld,
  query: string,
  options: { token?: string; variables?: Record<string, unknown>; headers?: Record<string, string>; operationName?: string } = {},
): Promise<GraphqlAnswer> => {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...options.headers };
  if (options.token) {
    headers.Authorization = `Bearer ${options.token}`;
  }
  const response = await fetch(`${world.transport.url}/graphql`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query, variables: options.variables, operationName: options.operationName }),
  });
  const text = await response.text();

  return { status: response.status, body: text ? JSON.parse(text) : null };
};

/** A REST call, for the answers the GraphQL figures are compared with. */
export const rest = async (
  world: GraphqlWorld,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<GraphqlAnswer> => {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) {
    headers.Authorization = `Bearer ${options.token}`;
  }
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
  }
  const response = await fetch(`${world.transport.url}${path}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();

  return { status: response.status, body: text ? JSON.parse(text) : null };
};

let sequence = 0;

/** A full signup through REST; children ride both ways (175.00) and mornings only (120.00). */
export const registerHousehold = async (world: GraphqlWorld, tenant: string, parentName: string): Promise<string> => {
  sequence += 1;
  const answer = await rest(world, 'POST', '/api/registrations/full', {
    body: {
      tenant,
      parent: { name: parentName, email: `family${sequence}@family.test`, phone: '555-0100', relationship: 'mother', address: '1 Main St' },
      children: [
        {
          name: `${parentName} Kid A`,
          transport_need: 'both',
          school: 'Oak Elementary',
          school_id: 'oak-elementary',
          grade: '3',
          route: 'north-loop',
        },
        {
          name: `${parentName} Kid B`,
          transport_need: 'morning',
          school: 'Pine Middle',
          school_id: 'pine-middle',
          grade: '7',
          route: 'north-loop',
        },
      ],
      first_pickup_date: '2026-06-01',
      policy_acknowledged: ['safety'],
    },
  });
  if (answer.status !== 201) {
    throw new Error(`registration failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  }

  return answer.body.household_id as string;
};

/** Every error's machine code, for answers that must be refusals only. */
export const codesOf = (answer: GraphqlAnswer): string[] =>
  ((answer.body?.errors ?? []) as { extensions?: { code?: string } }[]).map((error) => error.extensions?.code ?? '');
