import { createHmac } from 'node:crypto';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestClaims, TEST_STAFF_KEY, type TestClaims } from '../support/claims-server.ts';
import { freshIp, intakeBody, signInToken } from '../support/claims-client.ts';
import { PDF_BYTES, uploadForm } from '../support/multipart.ts';
import { payTokenOf, registrationBody, startBillingWorld, startFakeProvider, type BillingWorld } from '../transport/billing-support.ts';

/**
 * Both OpenAPI documents are valid OpenAPI 3.1, describe every success body and the service's own
 * error envelope and statuses, and every documented success body matches what the running
 * service really answers: each operation is called once and its answer validated against the
 * document's schema.
 */

type Operation = { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

let claims: TestClaims;
const STRIPE_WEBHOOK_SECRET = 'whsec_b3BlbmFwaS1zZWNyZXQ';
const SQUARE_KEY = 'square-openapi-key';
const PUBLIC_URL = 'https://buses.example.test';
let world: BillingWorld;
let weather: Awaited<ReturnType<typeof startFakeProvider>>;
let stripe: Awaited<ReturnType<typeof startFakeProvider>>;
let geocoder: Awaited<ReturnType<typeof startFakeProvider>>;
const documents: Record<'claims' | 'transport', Document> = {} as never;

beforeAll(async () => {
  weather = await startFakeProvider(() => ({
    status: 200,
    body: { latitude: 32.08, longitude: -81.09, current: { temperature_2m: 21.4 } },
  }));
  // Stripe makes the pay page's checkout (and expires it when the invoice is paid).
  stripe = await startFakeProvider(() => ({
    status: 200,
    body: { id: 'cs_openapi', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_openapi', status: 'open' },
  }));
  // A Nominatim stand-in for the address search.
  geocoder = await startFakeProvider(() => ({
    status: 200,
    body: [{ display_name: 'Oak Street, Savannah', lat: '32.06', lon: '-81.09' }],
  }));
  [claims, world] = await Promise.all([
    startTestClaims(),
    startBillingWorld({
      GEOCODER_URL: geocoder.url,
      WEATHER_URL: weather.url,
      STRIPE_URL: stripe.url,
      STRIPE_SECRET_KEY: 'sk_test_openapi',
      STRIPE_WEBHOOK_SECRET,
      SQUARE_WEBHOOK_SIGNATURE_KEY: SQUARE_KEY,
      TRANSPORT_PUBLIC_URL: PUBLIC_URL,
    }),
  ]);
  documents.claims = (await (await fetch(`${claims.url}/api/openapi.json`)).json()) as Document;
  documents.transport = (await (await fetch(`${world.transport.url}/api/openapi.json`)).json()) as Document;
});
afterAll(async () => {
  await Promise.all([claims?.close(), world?.close(), weather?.close(), stripe?.close(), geocoder?.close()]);
});

const operations = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
  );

describe.each(['claims', 'transport'] as const)('the %s OpenAPI document', (name) => {
  it('is valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(documents[name] as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect((documents[name] as unknown as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('describes every success body', () => {
    for (const { key, operation } of operations(documents[name])) {
      const success = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
      expect(success, key).toHaveLength(1);
      const content = success[0]?.[1].content ?? {};
      expect(Object.keys(content), key).toHaveLength(1);
      expect(Object.values(content)[0]?.schema, key).toBeTypeOf('object');
    }
  });
});

describe('the error envelopes and statuses', () => {
  it('are the claims envelope for claims and {detail} for transport', () => {
    expect(documents.claims.components.schemas.Error).toMatchObject({ required: ['error'] });
    expect(documents.transport.components.schemas.Error).toMatchObject({
      required: ['detail'],
      properties: { detail: { type: 'string' } },
    });
  });

  it('document 502 where the service answers 502, and 413/415 on JSON bodies', () => {
    const weatherResponses = documents.transport.paths['/api/weather']?.get?.responses ?? {};
    expect(Object.keys(weatherResponses)).toContain('502');
    expect(Object.keys(documents.transport.paths['/api/auth/login']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['401', '413', '415', '502']),
    );
    expect(Object.keys(documents.claims.paths['/api/intake']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['413', '415', '429']),
    );
  });
});

/** Validates real answers against the documented success schema of their operation. */
const checker = (name: 'claims' | 'transport') => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const checked = new Set<string>();

  return {
    checked,
    expectDocumented: (method: string, template: string, answer: { status: number; body: unknown }) => {
      const key = `${method} ${template}`;
      const operation = documents[name].paths[template]?.[method.toLowerCase()];
      expect(operation, `${key} is documented`).toBeDefined();
      expect(String(answer.status), `${key} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`).toMatch(/^2\d\d$/);
      const response = operation?.responses[String(answer.status)];
      expect(response, `${key} answered an undocumented ${answer.status}`).toBeDefined();
      const schema = response?.content?.['application/json']?.schema as object;
      const validate = ajv.compile(schema);
      expect(validate(answer.body), `${key}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      checked.add(key);
    },
  };
};

const send = async (
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
) => {
  const headers: Record<string, string> = { 'X-Forwarded-For': freshIp(), ...options.headers };
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
  }
  const response = await fetch(`${base}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
  const text = await response.text();

  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
};

describe('every documented success body matches a real answer', () => {
  it('on the claims service', async () => {
    const { checked, expectDocumented } = checker('claims');
    const call = (method: string, template: string, path: string, options: Parameters<typeof send>[3] = {}) =>
      send(claims.url, method, path, options).then((answer) => {
        expectDocumented(method, template, answer);

        return answer.body;
      });
    const staff = { 'X-Staff-Key': TEST_STAFF_KEY };

    await call('GET', '/api/health', '/api/health');
    const intake = intakeBody();
    const { claim_number: claimNumber } = await call('POST', '/api/intake', '/api/intake', { body: intake });
    const token = await signInToken(claims, intake.client.email);
    const { session_token: session } = await call('POST', '/api/auth/verify', '/api/auth/verify', { body: { token } });
    const client = { Authorization: `Bearer ${session}` };
    await call('POST', '/api/auth/request', '/api/auth/request', { body: { email: 'nobody@example.test' } });
    await call('GET', '/api/auth/me', '/api/auth/me', { headers: client });
    await call('GET', '/api/claims', '/api/claims', { headers: client });
    await call('POST', '/api/claims/{claim_number}/messages', `/api/claims/${claimNumber}/messages`, {
      headers: client,
      body: { subject: 'Question about my claim', content: 'Any news?' },
    });
    const upload = await uploadForm(
      `${claims.url}/api/claims/${claimNumber}/documents`,
      { files: [{ name: 'invoice.pdf', type: 'application/pdf', content: PDF_BYTES }] },
      { ...client, 'X-Forwarded-For': freshIp() },
    );
    expectDocumented('POST', '/api/claims/{claim_number}/documents', upload);
    const staffUpload = await uploadForm(
      `${claims.url}/api/staff/claims/${claimNumber}/documents`,
      { files: [{ name: 'note.pdf', type: 'application/pdf', content: PDF_BYTES }], fields: { client_visible: 'true' } },
      { ...staff, 'X-Forwarded-For': freshIp() },
    );
    expectDocumented('POST', '/api/staff/claims/{claim_number}/documents', staffUpload);
    await call('GET', '/api/claims/{claim_number}', `/api/claims/${claimNumber}`, { headers: client });
    await call('GET', '/api/staff/claims', '/api/staff/claims?limit=5', { headers: staff });
    await call('PATCH', '/api/staff/claims/{claim_number}', `/api/staff/claims/${claimNumber}`, {
      headers: staff,
      body: { status: 'UNDER_REVIEW', reason: 'Checking the papers' },
    });
    await call('PATCH', '/api/staff/claims/{claim_number}/details', `/api/staff/claims/${claimNumber}/details`, {
      headers: staff,
      body: { amount_cents: 260_000, debtor: { contact_phone: '+1 555 0199' }, reason: 'Corrected invoice' },
    });
    await call('POST', '/api/staff/claims/{claim_number}/notes', `/api/staff/claims/${claimNumber}/notes`, {
      headers: staff,
      body: { content: 'Called the debtor', visibility: 'INTERNAL' },
    });
    await call('GET', '/api/staff/claims/{claim_number}', `/api/staff/claims/${claimNumber}`, { headers: staff });
    const bulk = await call('POST', '/api/staff/claims/bulk', '/api/staff/claims/bulk', {
      headers: staff,
      body: { claim_numbers: [claimNumber], change: { tier: 'TIER_2_5' }, reason: 'Second reminder ignored' },
    });
    expect(bulk).toEqual({ changed: [claimNumber], skipped: [] });
    await call('GET', '/api/staff/stats', '/api/staff/stats', { headers: staff });
    await call('GET', '/api/staff/stats/trends', '/api/staff/stats/trends', { headers: staff });
    await call('GET', '/api/staff/audit', '/api/staff/audit?limit=5', { headers: staff });

    // The download is a file, documented as bytes: its answer is the stored file.
    const download = await fetch(`${claims.url}/api/claims/${claimNumber}/documents/${upload.body.id}`, { headers: client });
    expect(download.status).toBe(200);
    expect(
      Object.keys(documents.claims.paths['/api/claims/{claim_number}/documents/{document_id}']?.get?.responses['200']?.content ?? {}),
    ).toEqual(['application/octet-stream']);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PDF_BYTES);
    checked.add('GET /api/claims/{claim_number}/documents/{document_id}');

    // The export is a CSV file, documented as such: its answer is the header row and the claim.
    const exported = await fetch(`${claims.url}/api/staff/claims/export?q=${encodeURIComponent(claimNumber)}`, { headers: staff });
    expect(exported.status).toBe(200);
    expect(Object.keys(documents.claims.paths['/api/staff/claims/export']?.get?.responses['200']?.content ?? {})).toEqual(['text/csv']);
    expect(exported.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = (await exported.text()).trim().split(/\r?\n/);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(claimNumber);
    checked.add('GET /api/staff/claims/export');

    // A named staff member: added with the shared key, signed in by the mailed link, listed, and deactivated.
    const member = await call('POST', '/api/staff/members', '/api/staff/members', {
      headers: staff,
      body: { email: 'rita.ross@agency.test', name: 'Rita Ross', is_admin: false },
    });
    const before = claims.smtp.messages.length;
    await call('POST', '/api/staff/auth/request', '/api/staff/auth/request', { body: { email: member.email } });
    const staffMail = await claims.smtp.waitFor(
      (message) => message.to.includes(member.email) && claims.smtp.messages.indexOf(message) >= before,
    );
    const staffToken = /\/staff\/verify\?token=([A-Za-z0-9_-]+)/.exec(staffMail.text)?.[1];
    const { session_token: staffSession } = await call('POST', '/api/staff/auth/verify', '/api/staff/auth/verify', {
      body: { token: staffToken },
    });
    const memberHeaders = { Authorization: `Bearer ${staffSession}` };
    await call('GET', '/api/staff/me', '/api/staff/me', { headers: memberHeaders });
    await call('GET', '/api/staff/members', '/api/staff/members', { headers: staff });
    await call('POST', '/api/staff/auth/logout', '/api/staff/auth/logout', { headers: memberHeaders });
    await call('POST', '/api/staff/members/{member_id}/deactivate', `/api/staff/members/${member.id}/deactivate`, { headers: staff });

    await call('POST', '/api/auth/logout', '/api/auth/logout', { headers: client });
    expect([...checked].sort()).toEqual(
      operations(documents.claims)
        .map(({ key }) => key)
        .sort(),
    );
  });
});

/**
 * The transport walk is long (about 70 operations), so it is split into parts of its own, each
 * with its own time limit: one slow machine's run of the whole walk took longer than one test may.
 * Calls that do not depend on each other go out together. The parts share the set of operations
 * checked, and the last part asks that every documented operation was.
 */
describe('every documented success body matches a real answer on the transport service', () => {
  const { checked, expectDocumented } = checker('transport');
  const call = (method: string, template: string, path: string, options: Parameters<typeof send>[3] = {}) =>
    send(world.transport.url, method, path, options).then((answer) => {
      expectDocumented(method, template, answer);

      return answer.body;
    });
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const operator = () => as(world.tokens.demo);
  const admin = () => as(world.tokens.admin);
  /** The route made early on; deleted last, as registrations name it. */
  let routeId = '';

  it('for accounts, tenants and staff', async () => {
    world.identity.addAccount({
      email: 'signin@demo.test',
      password: 'a-long-password',
      user_metadata: { role: 'parent', tenant_id: 'demo' },
    });
    await Promise.all([
      call('GET', '/api/health', '/api/health'),
      call('POST', '/api/auth/login', '/api/auth/login', { body: { email: 'signin@demo.test', password: 'a-long-password' } }),
      call('POST', '/api/auth/register', '/api/auth/register', {
        body: { email: 'new-parent@demo.test', password: 'a-long-password', tenant: 'demo' },
      }),
      call('GET', '/api/tenants', '/api/tenants', { headers: admin() }),
      call('GET', '/api/theme/{slug}', '/api/theme/demo'),
    ]);
    await call('POST', '/api/auth/recover', '/api/auth/recover', { body: { email: 'signin@demo.test' } });
    const resetLink = world.identity.mailedLinks.find((link) => link.email === 'signin@demo.test' && link.type === 'recovery');
    await call('POST', '/api/auth/password', '/api/auth/password', {
      body: { type: 'recovery', token_hash: resetLink?.token_hash, password: 'a-new-long-password' },
    });
    const signedIn = (await call('POST', '/api/auth/login', '/api/auth/login', {
      body: { email: 'signin@demo.test', password: 'a-new-long-password' },
    })) as { access_token: string };
    await fetch(`${world.identity.url}/auth/v1/user`, {
      method: 'PUT',
      headers: as(signedIn.access_token),
      body: JSON.stringify({ email: 'moved@demo.test' }),
    });
    const changeLink = world.identity.mailedLinks.find((link) => link.type === 'email_change' && link.new_email === 'moved@demo.test');
    await call('POST', '/api/auth/email/confirm', '/api/auth/email/confirm', { body: { token_hash: changeLink?.token_hash } });
    await call('POST', '/api/tenants', '/api/tenants', { headers: admin(), body: { slug: 'openapi-tenant', name: 'OpenAPI Buses' } });
    await call('POST', '/api/tenants/{tenant}/invites', '/api/tenants/openapi-tenant/invites', {
      headers: admin(),
      body: { email: 'staff@openapi.test', display_name: 'Staff Member' },
    });
    await call('GET', '/api/tenants/{tenant}/staff', '/api/tenants/openapi-tenant/staff', { headers: admin() });
  });

  it('for routes, buses, live streams, schools and outside providers', async () => {
    const base = world.transport.url;
    const created = await call('POST', '/api/routes', '/api/routes', {
      headers: operator(),
      body: { name: 'North Loop', stops: [{ name: 'Oak & 5th', lat: 32.0, lng: -81.1 }, { name: 'School' }] },
    });
    routeId = created.id;
    await Promise.all([
      call('GET', '/api/routes', '/api/routes', { headers: operator() }),
      call('GET', '/api/routes/{route_id}', `/api/routes/${created.id}`, { headers: operator() }),
      call('PUT', '/api/routes/{route_id}', `/api/routes/${created.id}`, { headers: operator(), body: { driver: 'Sam' } }),
      call('GET', '/api/routes/{route_id}/conditions', `/api/routes/${created.id}/conditions`, { headers: operator() }),
    ]);
    await call('PUT', '/api/buses/{bus_id}/location', '/api/buses/bus-7/location', {
      headers: operator(),
      body: { lat: 32.01, lng: -81.1, heading: 90, speed: 25 },
    });
    await Promise.all([
      call('GET', '/api/buses', '/api/buses', { headers: operator() }),
      call('GET', '/api/buses/{bus_id}', '/api/buses/bus-7', { headers: operator() }),
      call('GET', '/api/routes/{route_id}/eta', `/api/routes/${created.id}/eta`, { headers: operator() }),
      call('GET', '/api/family/trips', '/api/family/trips', { headers: as(world.tokens.parent) }),
    ]);
    // The live paths are event streams, documented as such: each opens with its first events.
    for (const [path, token, first] of [
      ['/api/buses/live', world.tokens.demo, 'event: location'],
      ['/api/family/live', world.tokens.parent, 'event: window'],
    ] as const) {
      const aborted = new AbortController();
      const live = await fetch(`${base}${path}`, { headers: as(token), signal: aborted.signal });
      expect(live.status).toBe(200);
      expect(Object.keys(documents.transport.paths[path]?.get?.responses['200']?.content ?? {})).toEqual(['text/event-stream']);
      expect(live.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reader = (live.body as ReadableStream<Uint8Array>).getReader();
      let text = '';
      while (!text.includes(first)) {
        const chunk = await reader.read();
        if (chunk.done) {
          break;
        }
        text += new TextDecoder().decode(chunk.value);
      }
      expect(text).toContain(first);
      aborted.abort();
      checked.add(`GET ${path}`);
    }
    await world.transport.db
      .fork()
      .execute("insert into transport_school (tenant_id, id, name, address) values ('demo', 'oak', 'Oak Elementary', '1 Oak St')");
    await Promise.all([
      call('GET', '/api/schools', '/api/schools', { headers: operator() }),
      call('GET', '/api/public/schools', '/api/public/schools?tenant=demo'),
      call('GET', '/api/health/tomtom', '/api/health/tomtom'),
      call('GET', '/api/weather', '/api/weather?lat=32.08&lon=-81.09'),
    ]);
  });

  it('for registrations, billing and payment settings', async () => {
    const [first, second] = await Promise.all([
      call('POST', '/api/registrations/full', '/api/registrations/full', { body: registrationBody() }),
      call('POST', '/api/registrations/full', '/api/registrations/full', { body: registrationBody() }),
    ]);
    const registrations = await call('GET', '/api/registrations', '/api/registrations', { headers: operator() });
    const idOf = (householdId: string) => registrations.find((row: { household_id: string }) => row.household_id === householdId).id;
    await call('GET', '/api/registrations/{reg_id}', `/api/registrations/${idOf(first.household_id)}`, { headers: operator() });
    await call('PUT', '/api/registrations/{reg_id}/approve', `/api/registrations/${idOf(first.household_id)}/approve`, {
      headers: operator(),
    });
    await call('PUT', '/api/registrations/{reg_id}/reject', `/api/registrations/${idOf(second.household_id)}/reject`, {
      headers: operator(),
    });
    const children = await call('GET', '/api/children', '/api/children', { headers: operator() });
    const childOf = (householdId: string) =>
      children.find((child: { household_id: string }) => child.household_id === householdId).id as string;
    await call('PATCH', '/api/children/{child_id}', `/api/children/${childOf(first.household_id)}`, {
      headers: operator(),
      body: { grade: '4' },
    });
    await call('GET', '/api/dashboard/stats', '/api/dashboard/stats', { headers: operator() });
    await call('GET', '/api/billing/households', '/api/billing/households', { headers: operator() });
    const added = await call(
      'POST',
      '/api/billing/households/{household_id}/payers',
      `/api/billing/households/${first.household_id}/payers`,
      { headers: operator(), body: { name: 'Second Payer', email: 'payer2@family.test' } },
    );
    const payerPath = `/api/billing/households/${first.household_id}/payers/${added.payer.id}`;
    await call('PATCH', '/api/billing/households/{household_id}/payers/{payer_id}', payerPath, {
      headers: operator(),
      body: { phone: '555-0102' },
    });
    const withAllocation = await call(
      'POST',
      '/api/billing/households/{household_id}/payers/{payer_id}/allocations',
      `${payerPath}/allocations`,
      {
        headers: operator(),
        body: { allocation: { child_id: childOf(first.household_id), split_type: 'percentage', value: 25 } },
      },
    );
    const allocationPath = `/api/billing/households/${first.household_id}/allocations/${withAllocation.allocations[0].id}`;
    await call('PUT', '/api/billing/households/{household_id}/allocations/{allocation_id}', allocationPath, {
      headers: operator(),
      body: { split_type: 'fixed', value: 10 },
    });
    await call('DELETE', '/api/billing/households/{household_id}/allocations/{allocation_id}', allocationPath, { headers: operator() });
    await call('PUT', '/api/billing/households/{household_id}/payers/{payer_id}/split', `${payerPath}/split`, {
      headers: operator(),
      body: { split_type: 'percentage', value: 10 },
    });
    await call('DELETE', '/api/billing/households/{household_id}/payers/{payer_id}', payerPath, { headers: operator() });
    await call('GET', '/api/billing/households/{household_id}', `/api/billing/households/${first.household_id}`, { headers: operator() });
    await call(
      'POST',
      '/api/billing/households/{household_id}/first-pickup',
      `/api/billing/households/${first.household_id}/first-pickup`,
      { headers: operator(), body: { first_pickup_date: '2026-11-02' } },
    );
    await call('POST', '/api/billing/generate', '/api/billing/generate', { headers: operator() });
    await call('GET', '/api/billing/outstanding', '/api/billing/outstanding', { headers: operator() });
    const invoices = await call('GET', '/api/billing/invoices', `/api/billing/invoices?household_id=${first.household_id}`, {
      headers: operator(),
    });
    const weekly = invoices.find(
      (invoice: { kind: string; status: string }) => invoice.kind === 'transportation' && ['draft', 'sent'].includes(invoice.status),
    );
    const fee = invoices.find((invoice: { kind: string }) => invoice.kind === 'registration');
    await call('GET', '/api/billing/invoices/{invoice_id}', `/api/billing/invoices/${weekly.id}`, { headers: operator() });
    if (weekly.status === 'draft') {
      await call('POST', '/api/billing/invoices/{invoice_id}/send', `/api/billing/invoices/${weekly.id}/send`, { headers: operator() });
    }
    // After the send: generate-due would otherwise mail the draft itself.
    await call('POST', '/api/billing/generate-due', '/api/billing/generate-due', { headers: operator() });
    // The mailed pay page: what is owed now, and a checkout for it.
    const payToken = await payTokenOf(world, weekly.id);
    await call('GET', '/api/payments/pay/{token}', `/api/payments/pay/${payToken}`);
    await call('POST', '/api/payments/pay/{token}/checkout', `/api/payments/pay/${payToken}/checkout`, { body: {} });
    await call('POST', '/api/billing/invoices/{invoice_id}/payments', `/api/billing/invoices/${weekly.id}/payments`, {
      headers: operator(),
      body: { amount: 10, method: 'check', reference: '1042' },
    });
    // More than the week's balance, kept as household credit, part of it refunded.
    await call('POST', '/api/billing/invoices/{invoice_id}/payments', `/api/billing/invoices/${weekly.id}/payments`, {
      headers: operator(),
      body: { amount: weekly.amount - 10 + 20, method: 'check', reference: '1043', excess_as_credit: true },
    });
    await call('POST', '/api/billing/households/{household_id}/refunds', `/api/billing/households/${first.household_id}/refunds`, {
      headers: operator(),
      body: { amount: 5, note: 'Part of the credit paid back' },
    });
    await Promise.all([
      call('GET', '/api/billing/households/{household_id}/credit', `/api/billing/households/${first.household_id}/credit`, {
        headers: operator(),
      }),
      call('GET', '/api/billing/credits', '/api/billing/credits', { headers: operator() }),
    ]);
    await call('POST', '/api/billing/invoices/{invoice_id}/void', `/api/billing/invoices/${fee.id}/void`, {
      headers: operator(),
      body: { reason: 'Fee waived' },
    });
    await call('PUT', '/api/tenant/settings/payments', '/api/tenant/settings/payments', {
      headers: operator(),
      body: { payment_instructions: 'Pay at the office.' },
    });
    await call('GET', '/api/tenant/settings/payments', '/api/tenant/settings/payments', { headers: operator() });
    await call('PUT', '/api/tenant/settings/time-zone', '/api/tenant/settings/time-zone', {
      headers: operator(),
      body: { time_zone: 'UTC' },
    });
    await call('GET', '/api/tenant/settings/time-zone', '/api/tenant/settings/time-zone', { headers: operator() });
    await call('PUT', '/api/tenant/settings/home-area', '/api/tenant/settings/home-area', {
      headers: operator(),
      body: { home_area: { lat: 32.08, lng: -81.09, zoom: 12 } },
    });
    await call('GET', '/api/tenant/settings/home-area', '/api/tenant/settings/home-area', { headers: operator() });
    await call('GET', '/api/geocode', '/api/geocode?q=Oak%20Street', { headers: operator() });
    await call('PUT', '/api/tenant/settings/pricing', '/api/tenant/settings/pricing', {
      headers: operator(),
      body: { one_way: 120, two_way: 175, registration_fee: 50, currency: 'USD' },
    });
    await call('GET', '/api/tenant/settings/pricing', '/api/tenant/settings/pricing', { headers: operator() });
    await call('PUT', '/api/tenant/settings/theme', '/api/tenant/settings/theme', {
      headers: operator(),
      body: { primary_color: '#1d4ed8', logo_url: null },
    });
    await call('GET', '/api/tenant/settings/theme', '/api/tenant/settings/theme', { headers: operator() });
    // Signed notifications about no invoice of ours: acknowledged, nothing recorded.
    const stripeBody = JSON.stringify({ id: 'evt_openapi', type: 'customer.created', data: { object: { id: 'cus_1' } } });
    const at = Math.floor(Date.now() / 1000);
    await call('POST', '/api/payments/stripe/webhook', '/api/payments/stripe/webhook', {
      rawBody: stripeBody,
      headers: {
        'Stripe-Signature': `t=${at},v1=${createHmac('sha256', STRIPE_WEBHOOK_SECRET).update(`${at}.${stripeBody}`).digest('hex')}`,
      },
    });
    const squareBody = JSON.stringify({ merchant_id: 'M1', type: 'customer.created', event_id: 'e-openapi', data: { object: {} } });
    await call('POST', '/api/payments/square/webhook', '/api/payments/square/webhook', {
      rawBody: squareBody,
      headers: {
        'x-square-hmacsha256-signature': createHmac('sha256', SQUARE_KEY)
          .update(`${PUBLIC_URL}/api/payments/square/webhook${squareBody}`)
          .digest('base64'),
      },
    });
    await Promise.all([
      call('GET', '/api/billing/rates', '/api/billing/rates'),
      call('GET', '/api/billing/provider-status', '/api/billing/provider-status'),
    ]);
  });

  it('for operations staff: impersonation and audit logs', async () => {
    const started = await call('POST', '/api/ops/assume-identity', '/api/ops/assume-identity', {
      headers: admin(),
      body: { tenant_id: 'demo' },
    });
    const impersonating = as(started.token);
    await call('GET', '/api/ops/impersonated/me', '/api/ops/impersonated/me', { headers: impersonating });
    await call('GET', '/api/ops/impersonated/registrations', '/api/ops/impersonated/registrations', { headers: impersonating });
    await call('POST', '/api/ops/log-action', '/api/ops/log-action', {
      headers: impersonating,
      body: { action: 'viewed', resource: 'registrations' },
    });
    await call('POST', '/api/ops/exit-impersonation', '/api/ops/exit-impersonation', { body: { token: started.token } });
    await Promise.all([
      call('GET', '/api/ops/audit-log', '/api/ops/audit-log?tenant_id=demo', { headers: admin() }),
      call('GET', '/api/tenants/{tenant}/logs', '/api/tenants/demo/logs', { headers: admin() }),
    ]);
    await call('DELETE', '/api/routes/{route_id}', `/api/routes/${routeId}`, { headers: operator() });
  });

  it('for every documented operation', () => {
    expect([...checked].sort()).toEqual(
      operations(documents.transport)
        .map(({ key }) => key)
        .sort(),
    );
  });
});
