import { z } from 'zod';

/**
 * What the claims API answers, one schema per shape of presenters.ts. Procedures declare them
 * with `.output()`: tRPC checks every answer against them, and the OpenAPI document describes
 * each success body from them, so the document cannot drift from what is sent.
 */

const timestamp = z.iso.datetime().describe('UTC, whole seconds: YYYY-MM-DDTHH:MM:SSZ');
const statusFields = { status: z.string(), status_label: z.string() };
const amountFields = { amount_cents: z.int(), amount_display: z.string().describe('e.g. $1,234.56') };
const tierFields = { tier: z.string(), tier_step: z.int(), tier_label: z.string(), tier_badge: z.string().nullable() };

export const messageOutput = z.strictObject({ message: z.string() });

export const healthOutput = z.strictObject({
  status: z.enum(['ok', 'degraded']).describe('degraded while the database does not answer'),
  time: timestamp,
});

export const intakeOutput = z.strictObject({
  claim_number: z.string(),
  client_number: z
    .string()
    .describe(
      "the client's number when the request carries that client's session; otherwise empty, for a new and an existing email alike (the number comes with the sign-in, POST /api/auth/verify)",
    ),
  status: z.literal('NEW'),
  message: z.string(),
});

export const verifyOutput = z.strictObject({
  session_token: z.string(),
  expires_at: timestamp,
  client: z.strictObject({ client_number: z.string(), company_name: z.string(), contact_name: z.string() }),
});

export const meOutput = z.strictObject({
  client: z.strictObject({
    client_number: z.string(),
    company_name: z.string(),
    contact_name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    created_at: timestamp,
  }),
  claim_count: z.int(),
});

export const clientClaimItemOutput = z.strictObject({
  claim_number: z.string(),
  ...statusFields,
  tier: z.string(),
  ...amountFields,
  debtor_name: z.string(),
  created_at: timestamp,
  date_resolved: timestamp.nullable(),
  has_news: z.boolean().describe('a shared note or a document from the team arrived since the client last opened the claim'),
});

export const clientClaimListOutput = z.strictObject({ claims: z.array(clientClaimItemOutput) });

export const documentOutput = z.strictObject({
  id: z.string(),
  original_name: z.string(),
  size_bytes: z.int(),
  mime_type: z.string(),
  uploaded_by: z.string(),
  created_at: timestamp,
});

export const staffDocumentOutput = z.strictObject({
  ...documentOutput.shape,
  client_visible: z.boolean(),
  sha256: z.string().optional(),
  crm_id: z.string().nullable().optional(),
});

export const clientNoteOutput = z.strictObject({
  author_type: z.string(),
  author_name: z.string(),
  subject: z.string().nullable(),
  content: z.string().describe('HTML-escaped'),
  created_at: timestamp,
});

export const staffNoteOutput = z.strictObject({ id: z.string(), ...clientNoteOutput.shape, visibility: z.string() });

const claimDates = { invoice_date: z.string().nullable(), date_assigned: timestamp.nullable(), date_resolved: timestamp.nullable() };

export const clientClaimDetailOutput = z.strictObject({
  claim_number: z.string(),
  ...statusFields,
  ...tierFields,
  ...amountFields,
  currency: z.string(),
  description: z.string().nullable(),
  client_reference: z.string().nullable(),
  ...claimDates,
  created_at: timestamp,
  debtor: z.strictObject({ name: z.string(), business_type: z.string() }),
  documents: z.array(documentOutput),
  notes: z.array(clientNoteOutput),
});

const clientOutput = z.strictObject({
  id: z.string(),
  client_number: z.string(),
  company_name: z.string(),
  contact_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  tos_accepted_at: timestamp.nullable(),
  crm_id: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

const debtorOutput = z.strictObject({
  id: z.string(),
  name: z.string(),
  business_type: z.string(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  physical_address: z.string().nullable(),
  crm_id: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const auditEntryOutput = z.strictObject({
  id: z.string(),
  entity_type: z.string(),
  entity_id: z.string(),
  action: z.string(),
  field: z.string().nullable(),
  old_value: z.string().nullable(),
  new_value: z.string().nullable(),
  actor: z.string(),
  reason: z.string().nullable(),
  /** A `correction` row only: each changed field with its value before and after. */
  changes: z
    .array(
      z.strictObject({
        field: z.string(),
        old_value: z.union([z.string(), z.number(), z.null()]),
        new_value: z.union([z.string(), z.number(), z.null()]),
      }),
    )
    .optional(),
  created_at: timestamp,
});

/** The staff member a claim is given to, or null for nobody. */
const assigneeOutput = z
  .strictObject({ id: z.string(), name: z.string() })
  .nullable()
  .describe('the staff member the claim is given to; null: nobody');

export const staffClaimDetailOutput = z.strictObject({
  id: z.string(),
  claim_number: z.string(),
  client_id: z.string(),
  debtor_id: z.string(),
  ...statusFields,
  ...tierFields,
  ...amountFields,
  currency: z.string(),
  description: z.string().nullable(),
  client_reference: z.string().nullable(),
  ...claimDates,
  crm_id: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  client: clientOutput,
  debtor: debtorOutput,
  documents: z.array(staffDocumentOutput),
  notes: z.array(staffNoteOutput),
  audit: z.array(auditEntryOutput),
  assignee: assigneeOutput,
});

export const staffListOutput = z.strictObject({
  claims: z.array(
    z.strictObject({
      claim_number: z.string(),
      ...statusFields,
      tier: z.string(),
      ...amountFields,
      created_at: timestamp,
      updated_at: timestamp,
      date_resolved: timestamp.nullable(),
      client: z.strictObject({ client_number: z.string(), company_name: z.string(), contact_name: z.string(), email: z.string() }),
      debtor: z.strictObject({ name: z.string(), business_type: z.string() }),
      document_count: z.int(),
      note_count: z.int(),
      client_activity_at: timestamp
        .nullable()
        .describe('the latest client message or upload no staff member has opened the claim since; null when there is none'),
      assignee: assigneeOutput,
    }),
  ),
  total: z.int(),
  limit: z.int(),
  offset: z.int(),
});

export const staffStatsOutput = z.strictObject({
  total_claims: z.int(),
  by_status: z.record(z.string(), z.int()).describe('Every status, zero included'),
  by_tier: z.record(z.string(), z.int()).describe('Every tier, zero included'),
  total_amount_cents: z.int(),
  total_amount_display: z.string(),
  recovered_amount_cents: z.int(),
  open_amount_cents: z.int(),
  aging: z.strictObject({ over_30_days: z.int(), over_60_days: z.int() }),
  client_activity: z.int().describe('claims with a client message or upload no staff member has opened the claim since'),
});

export const auditListOutput = z.strictObject({ entries: z.array(auditEntryOutput), total: z.int() });

const recoveryFigures = {
  claim_count: z.int(),
  recovered_count: z.int().describe('SETTLED or CLOSED'),
  amount_cents: z.int(),
  recovered_amount_cents: z.int(),
};

export const staffTrendsOutput = z.strictObject({
  as_of: z.string().describe('UTC, whole seconds'),
  months: z
    .array(
      z.strictObject({
        month: z.string().describe('YYYY-MM (UTC)'),
        first_day: z.string().describe('YYYY-MM-DD, for created_from'),
        last_day: z.string().describe('YYYY-MM-DD, for created_to'),
        ...recoveryFigures,
      }),
    )
    .describe('Claims taken in per month, the last 12 months oldest first, empty months included; recovered figures are of those claims'),
  aging: z
    .array(z.strictObject({ key: z.string(), label: z.string(), claim_count: z.int(), amount_cents: z.int() }))
    .describe('Open claims by time since intake'),
  tiers: z
    .array(
      z.strictObject({
        tier: z.string(),
        tier_label: z.string(),
        ...recoveryFigures,
        amount_rate: z.number().nullable().describe('recovered_amount_cents / amount_cents; null without claims'),
      }),
    )
    .describe('Every tier, all claims'),
});
