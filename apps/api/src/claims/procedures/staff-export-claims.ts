import { staffExportInput } from '@switchyard/domain/claims/schemas';
import { STATUS_LABELS } from '@switchyard/domain/claims/vocabulary';
import { centsAsDecimal, csvRow } from '@switchyard/domain/csv';
import { DomainError } from '@switchyard/domain/errors';
import { resolveAssigneeFilter } from '@switchyard/domain/claims/assignee';
import { toIsoSeconds, toIsoSecondsOrNull } from '@switchyard/domain/time';
import { exportStaffClaims, type StaffListRow } from '@switchyard/db/claims/staff-reads';
import { recordExport } from '@switchyard/db/claims/audit';
import { staffProcedure } from '../trpc.ts';

const HEADER = [
  'claim_number',
  'status',
  'status_label',
  'tier',
  'amount',
  'currency',
  'client_number',
  'company_name',
  'contact_name',
  'client_email',
  'debtor_name',
  'debtor_business_type',
  'document_count',
  'note_count',
  'created_at',
  'updated_at',
  'date_resolved',
  'assignee',
];

const recordOf = (row: StaffListRow) =>
  csvRow([
    row.claim_number,
    row.status,
    STATUS_LABELS[row.status] ?? row.status,
    row.tier,
    // Dollars with two decimals, as text a spreadsheet reads as a number.
    centsAsDecimal(row.amount_cents),
    'USD',
    row.client_number,
    row.company_name,
    row.contact_name,
    row.email,
    row.debtor_name,
    row.business_type,
    row.document_count,
    row.note_count,
    toIsoSeconds(row.created_at),
    toIsoSeconds(row.updated_at),
    toIsoSecondsOrNull(row.date_resolved),
    row.assignee_name,
  ]);

/** The staff list's filters as CSV, every matching claim, streamed as it is read. */
export const staffExportClaims = staffProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/staff/claims/export',
      status: 200,
      input: 'query',
      access: 'staff',
      streamsBody: 'text/csv',
      tags: ['staff'],
      summary: 'The filtered claims as CSV (every page, streamed)',
      errors: ['forbidden'],
    },
  })
  .input(staffExportInput)
  .query(async ({ ctx, input }) => {
    if (!ctx.transport.sendStream) {
      throw new DomainError('validation_error', 'Export claims from the REST path.');
    }
    // Who took the claims out, and with which filters, stays on the audit trail.
    await recordExport(ctx.em, { filters: JSON.stringify(input), actor: ctx.staffActor, at: ctx.now() });
    const assignee = resolveAssigneeFilter(input.assignee, ctx.staffCaller);
    const em = ctx.em;
    async function* chunks() {
      yield csvRow(HEADER);
      for await (const rows of exportStaffClaims(em, { ...input, assignee })) {
        yield rows.map(recordOf).join('');
      }
    }
    ctx.transport.sendStream({
      contentType: 'text/csv; charset=utf-8',
      fileName: `claims-${toIsoSeconds(ctx.now()).slice(0, 10)}.csv`,
      chunks: chunks(),
    });

    return { exported: true };
  });
