import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../packages/db/src/orm.ts';
import { createLocalDocumentStore } from '../../apps/api/src/claims/document-store/local-store.ts';
import { createTestDatabase, type TestDatabase } from '../support/webhooks/test-database.ts';
import { runCli } from '../support/webhooks/run-cli.ts';
import { seedClaim, seedClient, seedHousehold, type SeededClaim, type SeededHousehold } from './retention-support.ts';

/**
 * `switchyard claims erase-client` and `switchyard transport erase-household`, run as the operator
 * runs them (a child process) against the test's database. On the embedded database this process
 * owns it as a service would, so the command reaches it through the owner's socket.
 */
let database: TestDatabase;
let db: Database;
const workDir = mkdtempSync(join(tmpdir(), 'switchyard-erasure-'));
const uploadDir = join(workDir, 'uploads');
const store = createLocalDocumentStore(uploadDir);

const cli = (args: string[]) =>
  runCli(args, { ...database.env, UPLOAD_DIR: uploadDir, SWITCHYARD_HOME: join(workDir, 'home'), LOG_LEVEL: 'warn' });
const rows = <T>(sql: string, params: unknown[] = []) => db.fork().execute<T[]>(sql, params);

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.env.DATABASE_URL ? await database.open() : await openDatabase({ dataDir: database.env.DATA_DIR, role: 'service' });
}, 120_000);
afterAll(async () => {
  await db?.close();
  await database?.dispose();
  rmSync(workDir, { recursive: true, force: true });
});

const T = new Date('2026-09-01T10:00:00Z');

describe('switchyard claims erase-client', () => {
  let ana: string;
  let bob: string;
  const claims: Record<string, SeededClaim> = {};
  const clientRow = (id: string) =>
    rows<{ company_name: string; contact_name: string; email: string; phone: string | null }>(
      'select company_name, contact_name, email, phone from claims_client where id = ?',
      [id],
    );
  const auditCount = async () => (await rows<{ n: number }>('select count(*)::int as n from claims_audit_entry'))[0]?.n;

  beforeAll(async () => {
    const em = db.fork();
    ana = await seedClient(em, { email: 'ana@client.test', companyName: 'Ana Builders', clientNumber: 'CL-E-1', at: T });
    bob = await seedClient(em, { email: 'bob@client.test', companyName: 'Bob Plumbing', clientNumber: 'CL-E-2', at: T });
    claims.anaOpen = await seedClaim(em, store, {
      clientId: ana,
      claimNumber: 'CLM-E-1',
      status: 'ACTIVE',
      dateResolved: null,
      updatedAt: T,
      amountCents: 500_00,
    });
    claims.anaSettled = await seedClaim(em, store, {
      clientId: ana,
      claimNumber: 'CLM-E-2',
      status: 'SETTLED',
      dateResolved: T,
      updatedAt: T,
      amountCents: 700_00,
    });
    claims.bob = await seedClaim(em, store, { clientId: bob, claimNumber: 'CLM-E-3', status: 'CLOSED', dateResolved: T, updatedAt: T });
  });

  it('refuses while a claim of the client is open, naming it, and changes nothing', async () => {
    const before = await auditCount();
    const refused = await cli(['claims', 'erase-client', 'ANA@client.test']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('client CL-E-1 has open claims: CLM-E-1');
    expect(refused.stderr).toContain('--force --reason');
    expect((await clientRow(ana))[0]).toMatchObject({ company_name: 'Ana Builders', email: 'ana@client.test' });
    expect(existsSync(join(uploadDir, claims.anaOpen?.storageName ?? ''))).toBe(true);
    expect(await auditCount()).toBe(before);
  }, 60_000);

  it('with --force and a reason replaces the personal fields, deletes the documents from the store, keeps amounts and numbers, writes the audit row, and leaves other clients alone', async () => {
    const erased = await cli(['claims', 'erase-client', 'ana@client.test', '--force', '--reason', 'court order 12']);
    expect(erased.code, erased.stderr).toBe(0);
    expect(erased.stdout).toContain(
      'Erased client CL-E-1: personal fields of 2 claims and 2 notes replaced, 2 documents deleted (forced).',
    );

    expect((await clientRow(ana))[0]).toEqual({
      company_name: '[erased]',
      contact_name: '[erased]',
      email: `erased-${ana}@erased.invalid`,
      phone: null,
    });
    const anaClaims = await rows<{ claim_number: string; amount_cents: number; status: string; description: string; search_text: string }>(
      'select claim_number, amount_cents, status, description, search_text from claims_claim where client_id = ? order by claim_number',
      [ana],
    );
    expect(anaClaims.map((claim) => [claim.claim_number, claim.amount_cents, claim.status, claim.description])).toEqual([
      ['CLM-E-1', 500_00, 'ACTIVE', '[erased]'],
      ['CLM-E-2', 700_00, 'SETTLED', '[erased]'],
    ]);
    expect(anaClaims.every((claim) => !claim.search_text.includes('ana'))).toBe(true);
    const anaNotes = await rows<{ content: string; author_name: string }>(
      'select n.content, n.author_name from claims_note n join claims_claim c on c.id = n.claim_id where c.client_id = ?',
      [ana],
    );
    expect(anaNotes).toEqual([
      { content: '[erased]', author_name: '[erased]' },
      { content: '[erased]', author_name: '[erased]' },
    ]);
    expect(await rows('select d.id from claims_document d join claims_claim c on c.id = d.claim_id where c.client_id = ?', [ana])).toEqual(
      [],
    );
    expect(existsSync(join(uploadDir, claims.anaOpen?.storageName ?? ''))).toBe(false);
    expect(existsSync(join(uploadDir, claims.anaSettled?.storageName ?? ''))).toBe(false);

    const audit = await rows<{ entity_id: string; action: string; field: string; new_value: string; actor: string; reason: string }>(
      "select entity_id, action, field, new_value, actor, reason from claims_audit_entry where action = 'erase'",
    );
    expect(audit).toEqual([
      {
        entity_id: ana,
        action: 'erase',
        field: 'forced',
        new_value: JSON.stringify({ claims: 2, notes: 2, documents: 2 }),
        actor: 'command line',
        reason: 'court order 12',
      },
    ]);

    // The other client: every field, note and document as it was.
    expect((await clientRow(bob))[0]).toEqual({
      company_name: 'Bob Plumbing',
      contact_name: 'Bob Plumbing contact',
      email: 'bob@client.test',
      phone: '+1 555 0100',
    });
    expect(await rows('select content, author_name from claims_note where claim_id = ?', [claims.bob?.id])).toEqual([
      { content: 'my phone is 555 0100', author_name: 'Ana Client' },
    ]);
    expect(await rows('select storage_name from claims_document where claim_id = ?', [claims.bob?.id])).toEqual([
      { storage_name: claims.bob?.storageName },
    ]);
    expect(existsSync(join(uploadDir, claims.bob?.storageName ?? ''))).toBe(true);
    expect(
      (await rows<{ description: string }>('select description from claims_claim where id = ?', [claims.bob?.id]))[0]?.description,
    ).toBe('Unpaid invoice for the Smith job');
  }, 60_000);
});

describe('switchyard transport erase-household', () => {
  const households: Record<string, SeededHousehold> = {};
  const householdState = (id: string) =>
    rows<{
      name: string;
      address: string | null;
      emergency_contacts: unknown;
      payer: string;
      payer_email: string | null;
      child: string;
      parent_email: string;
      amount_cents: number;
      status: string;
    }>(
      `select h.name, h.address, h.emergency_contacts, p.name as payer, p.email as payer_email, c.name as child, r.parent_email, i.amount_cents, i.status
       from transport_household h join transport_payer p on p.household_id = h.id join transport_child c on c.household_id = h.id
       join transport_registration r on r.household_id = h.id join transport_invoice i on i.household_id = h.id where h.id = ?`,
      [id],
    );

  beforeAll(async () => {
    const em = db.fork();
    households.owing = await seedHousehold(em, {
      id: 'hh-owing',
      name: 'Owing',
      email: 'owing@family.test',
      invoiceStatus: 'partial',
      amountCents: 5_000,
      amountPaidCents: 2_000,
    });
    households.paid = await seedHousehold(em, {
      id: 'hh-paid',
      name: 'Paid',
      email: 'paid@family.test',
      invoiceStatus: 'paid',
      amountCents: 5_000,
      amountPaidCents: 5_000,
    });
    households.other = await seedHousehold(em, {
      id: 'hh-other',
      name: 'Other',
      email: 'other@family.test',
      invoiceStatus: 'paid',
      amountCents: 5_000,
      amountPaidCents: 5_000,
    });
  });

  it('refuses --force without a reason, and a household with money owed, changing nothing', async () => {
    const before = await householdState('hh-owing');
    const noReason = await cli(['transport', 'erase-household', 'hh-owing', '--force']);
    expect(noReason.code).not.toBe(0);
    expect(noReason.stderr).toContain('--force needs --reason TEXT');
    const owing = await cli(['transport', 'erase-household', 'hh-owing']);
    expect(owing.code).not.toBe(0);
    expect(owing.stderr).toContain('household hh-owing has unpaid invoices: hh-owing-inv');
    expect(await householdState('hh-owing')).toEqual(before);
    expect(await rows("select id from transport_audit_log where action = 'household.erase'")).toEqual([]);
  }, 60_000);

  it('erases a settled household: personal fields replaced, amounts kept, the audit row written, other households untouched', async () => {
    const other = await householdState('hh-other');
    const erased = await cli(['transport', 'erase-household', 'hh-paid']);
    expect(erased.code, erased.stderr).toBe(0);
    expect(erased.stdout).toContain(
      'Erased household hh-paid of demo: 1 payers, 1 children and 1 registrations; invoices and payments kept.',
    );
    expect(await householdState('hh-paid')).toEqual([
      {
        name: '[erased]',
        address: null,
        emergency_contacts: [],
        payer: '[erased]',
        payer_email: null,
        child: '[erased]',
        parent_email: 'erased-hh-paid-reg@erased.invalid',
        amount_cents: 5_000,
        status: 'paid',
      },
    ]);
    const audit = await rows<{ tenant_id: string; actor: string; household_id: string; details: unknown }>(
      "select tenant_id, actor, household_id, details from transport_audit_log where action = 'household.erase'",
    );
    expect(audit).toEqual([
      {
        tenant_id: 'demo',
        actor: 'command line',
        household_id: 'hh-paid',
        details: { payers: 1, children: 1, registrations: 1, forced: false, reason: null },
      },
    ]);
    expect(await householdState('hh-other')).toEqual(other);
    expect(other[0]).toMatchObject({ name: 'Other', payer_email: 'other@family.test', child: 'Other child' });
  }, 60_000);
});
