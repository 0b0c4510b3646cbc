import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, register, snapshot, startBillingWorld, type BillingWorld } from './billing-support.ts';

let world: BillingWorld;

beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  await world?.close();
});

const audit = (householdId: string) =>
  world.transport.db
    .fork()
    .execute<{ action: string; actor: string; details: Record<string, unknown> }[]>(
      'select action, actor, details from transport_audit_log where household_id = ? order by created_at',
      [householdId],
    );

describe('GET /api/registrations/{reg_id}', () => {
  it('gives the reviewer every household fact, the morning/afternoon choice kept on each child', async () => {
    const created = await register(world, { parent2: { name: 'Second Parent', phone: '555-0102', email: 'second@family.test' } });
    const answer = await call(world, 'GET', `/api/registrations/${created.household_id}`, { token: world.tokens.demo });
    expect(answer.status).toBe(200);
    expect(answer.body.registration).toMatchObject({
      id: created.household_id,
      status: 'pending',
      parent_phone: '555-0100',
      decision_reason: null,
    });
    expect(answer.body.household).toMatchObject({
      address: '1 Main St',
      first_pickup_date: '2026-12-01',
      policy_acknowledged: ['safety', 'payment-terms'],
      emergency_contacts: [{ name: 'Gran', phone: '555-0199', relationship: 'grandmother' }],
    });
    expect(answer.body.household.payers.map((payer: { name: string; phone: string }) => [payer.name, payer.phone])).toEqual([
      [expect.stringContaining('Pat Parent'), '555-0100'],
      ['Second Parent', '555-0102'],
    ]);
    expect(answer.body.household.children.map((child: { transport_need: string }) => child.transport_need)).toEqual(['both', 'morning']);
    expect(answer.body.invoices).toEqual([expect.objectContaining({ kind: 'registration', status: 'pending' })]);
    const listed = await call(world, 'GET', '/api/registrations', { token: world.tokens.demo });
    const row = listed.body.find((item: { id: string }) => item.id === created.household_id);
    expect(row.children.map((child: { transport_need: string }) => child.transport_need)).toEqual(['both', 'morning']);
  });

  it("answers 404 for another tenant's registration and 403 to a parent", async () => {
    const created = await register(world);
    expect((await call(world, 'GET', `/api/registrations/${created.household_id}`, { token: world.tokens.acme })).status).toBe(404);
    expect((await call(world, 'GET', `/api/registrations/${created.household_id}`, { token: world.tokens.parent })).status).toBe(403);
  });
});

describe('approval and rejection mails', () => {
  it("names the operator and gives the operator's own payment instructions when no provider is configured", async () => {
    const settings = await call(world, 'PUT', '/api/tenant/settings/payments', {
      token: world.tokens.demo,
      body: { payment_instructions: 'Pay by cheque to Demo Transport, 1 Depot Rd.' },
    });
    expect(settings).toEqual({
      status: 200,
      body: { tenant_id: 'demo', payment_instructions: 'Pay by cheque to Demo Transport, 1 Depot Rd.' },
    });
    expect(
      (await call(world, 'PUT', '/api/tenant/settings/payments', { token: world.tokens.parent, body: { payment_instructions: 'x' } }))
        .status,
    ).toBe(403);
    expect(
      (
        await call(world, 'PUT', '/api/tenant/settings/payments', {
          token: world.tokens.demo,
          body: { payment_instructions: 'x'.repeat(2001) },
        })
      ).status,
    ).toBe(400);
    const created = await register(world, { parent: { name: 'Ann Approved', email: 'ann-approved@family.test' } });
    expect((await call(world, 'PUT', `/api/registrations/${created.household_id}/approve`, { token: world.tokens.demo })).status).toBe(200);
    const mail = await world.transport.smtp.waitFor((message) => message.to.includes('ann-approved@family.test'));
    expect(mail.subject).toContain('Demo School Transport');
    expect(mail.text).toContain('Demo School Transport has approved');
    expect(mail.text).toContain('Pay by cheque to Demo Transport, 1 Depot Rd.');
    expect(await audit(created.household_id)).toEqual([
      { action: 'registration.approve', actor: 'ops@demo.test', details: { status: { from: 'pending', to: 'approved' } } },
    ]);
  });

  it('rejects with a reason, mails the family the reason and records it', async () => {
    const created = await register(world, { parent: { name: 'Rex Rejected', email: 'rex@family.test' } });
    const answer = await call(world, 'PUT', `/api/registrations/${created.household_id}/reject`, {
      token: world.tokens.demo,
      body: { reason: 'Your address is outside our service area.' },
    });
    expect(answer).toEqual({
      status: 200,
      body: {
        status: 'ok',
        id: created.household_id,
        action: 'rejected',
        reason: 'Your address is outside our service area.',
        email_sent: true,
      },
    });
    const mail = await world.transport.smtp.waitFor((message) => message.to.includes('rex@family.test'));
    expect(mail.text).toContain('Reason: Your address is outside our service area.');
    const detail = await call(world, 'GET', `/api/registrations/${created.household_id}`, { token: world.tokens.demo });
    expect(detail.body.registration).toMatchObject({
      status: 'rejected',
      decision_reason: 'Your address is outside our service area.',
      decided_by: 'ops@demo.test',
    });
    expect((await audit(created.household_id))[0]).toMatchObject({
      action: 'registration.reject',
      details: { reason: 'Your address is outside our service area.' },
    });
  });

  it('refuses a reason that is too long or an unknown field, changing nothing', async () => {
    const created = await register(world);
    const before = await snapshot(world);
    expect(
      (
        await call(world, 'PUT', `/api/registrations/${created.household_id}/reject`, {
          token: world.tokens.demo,
          body: { reason: 'x'.repeat(1001) },
        })
      ).status,
    ).toBe(400);
    expect(
      (await call(world, 'PUT', `/api/registrations/${created.household_id}/reject`, { token: world.tokens.demo, body: { why: 'x' } }))
        .status,
    ).toBe(400);
    expect(await snapshot(world)).toBe(before);
  });

  it('documents the review and the payment settings in the OpenAPI document with their answers', async () => {
    const document = (await call(world, 'GET', '/api/openapi.json')).body;
    expect(document.paths['/api/registrations/{reg_id}'].get.responses['200'].content['application/json'].schema.properties).toHaveProperty(
      'household',
    );
    expect(
      document.paths['/api/registrations/{reg_id}/reject'].put.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('reason');
    const settings = document.paths['/api/tenant/settings/payments'];
    expect(settings.get.responses['200'].content['application/json'].schema.properties).toHaveProperty('payment_instructions');
    expect(settings.put.requestBody.content['application/json'].schema.properties).toHaveProperty('payment_instructions');
  });
});
