import type { SqlEntityManager } from '@mikro-orm/sql';
import { DomainError } from '@switchyard/domain/errors';
import { correctionAuditValues, planCorrection, type CorrectionChange } from '@switchyard/domain/claims/correction';
import type { StaffCorrectionInput } from '@switchyard/domain/claims/schemas';
import type { Updateable } from 'kysely';
import { db, type Database } from '../kysely.ts';
import { recordAudit } from './audit.ts';
import { buildSearchText } from './search-text.ts';

export type ClaimCorrection = {
  claimNumber: string;
  input: StaffCorrectionInput;
  actor: string;
  now: Date;
};

const valueOf = (changes: readonly CorrectionChange[], field: CorrectionChange['field']) =>
  changes.find((change) => change.field === field)?.after;

/**
 * The columns of one table that a correction sets, only those it changes. The values passed the
 * intake's field rules (a required field is never null, the amount is a number), which the
 * columns' types cannot see through the field names, hence the cast.
 */
const columnsToSet = <Table extends 'claims_claim' | 'claims_debtor'>(
  changes: readonly CorrectionChange[],
  columns: Record<string, string>,
): Updateable<Database[Table]> =>
  Object.fromEntries(
    changes.flatMap((change) => {
      const column = columns[change.field];

      return column === undefined ? [] : [[column, change.after]];
    }),
  ) as Updateable<Database[Table]>;

const CLAIM_COLUMNS = {
  amount_cents: 'amount_cents',
  description: 'description',
  client_reference: 'client_reference',
  invoice_date: 'invoice_date',
} as const;

const DEBTOR_COLUMNS = {
  'debtor.name': 'name',
  'debtor.business_type': 'business_type',
  'debtor.contact_email': 'contact_email',
  'debtor.contact_phone': 'contact_phone',
  'debtor.physical_address': 'physical_address',
} as const;

/**
 * Corrects a claim's details in one transaction: reads the claim under a row lock (so two staff
 * members correcting at once are applied one after the other, each against what the other left),
 * plans the change, updates the claim and debtor columns that change, and writes one `correction`
 * audit row with every changed field's old and new value and the reason. Answers the changes.
 */
export const correctClaim = (em: SqlEntityManager, correction: ClaimCorrection): Promise<CorrectionChange[]> =>
  em.fork().transactional(async (tx) => {
    const claim = await db(tx)
      .selectFrom('claims_claim')
      .select(['id', 'client_id', 'debtor_id', 'claim_number', 'amount_cents', 'description', 'client_reference', 'invoice_date'])
      .where('claim_number', '=', correction.claimNumber)
      .forUpdate()
      .executeTakeFirst();
    if (!claim) {
      throw new DomainError('not_found', `Claim ${correction.claimNumber} not found.`);
    }
    const debtor = await db(tx)
      .selectFrom('claims_debtor')
      .select(['name', 'business_type', 'contact_email', 'contact_phone', 'physical_address'])
      .where('id', '=', claim.debtor_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const changes = planCorrection({ ...claim, debtor }, correction.input);

    const debtorColumns = columnsToSet<'claims_debtor'>(changes, DEBTOR_COLUMNS);
    if (Object.keys(debtorColumns).length > 0) {
      await db(tx)
        .updateTable('claims_debtor')
        .set({ ...debtorColumns, updated_at: correction.now })
        .where('id', '=', claim.debtor_id)
        .execute();
    }
    const newDebtorName = valueOf(changes, 'debtor.name');
    // The staff search matches the debtor's name through the claim's search text, so a new name is found at once.
    const client =
      typeof newDebtorName === 'string'
        ? await db(tx)
            .selectFrom('claims_client')
            .select(['company_name', 'email'])
            .where('id', '=', claim.client_id)
            .executeTakeFirstOrThrow()
        : null;
    await db(tx)
      .updateTable('claims_claim')
      .set({
        ...columnsToSet<'claims_claim'>(changes, CLAIM_COLUMNS),
        ...(client && typeof newDebtorName === 'string'
          ? { search_text: buildSearchText(claim.claim_number, client.company_name, newDebtorName, client.email) }
          : {}),
        updated_at: correction.now,
      })
      .where('id', '=', claim.id)
      .execute();

    recordAudit(tx, {
      entityType: 'claim',
      entityId: claim.id,
      claimId: claim.id,
      action: 'correction',
      ...correctionAuditValues(changes),
      actor: correction.actor,
      reason: correction.input.reason,
      at: correction.now,
    });
    await tx.flush();

    return changes;
  });
