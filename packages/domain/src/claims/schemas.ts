import { z } from 'zod';
import { isSingleLine, SINGLE_LINE_MESSAGE } from '../single-line.ts';
import { containsSensitiveNumber, SENSITIVE_NUMBER_MESSAGE } from './compliance.ts';
import { LIMITS } from './limits.ts';
import { CLAIM_NUMBER_PATTERN } from './numbering.ts';
import { AUDIT_ENTITY_TYPES, BUSINESS_TYPES, CLAIM_STATUSES, CLAIM_TIERS, MESSAGE_SUBJECTS, NOTE_VISIBILITIES } from './vocabulary.ts';

/**
 * Input shapes of the claims service. The procedures validate with these, the REST adapter
 * documents them in OpenAPI, and the web app checks forms with them before sending.
 */

/**
 * Every string a caller sends. PostgreSQL text cannot hold U+0000, so a NUL that got through would
 * fail the statement as a server error; refusing it here makes it the caller's mistake it is.
 */
const text = () => z.string().refine((value) => !value.includes('\u0000'), 'must not contain NUL characters');

/** Free text that must never carry an SSN or a card number. */
const freeText = (max: number) =>
  text()
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !containsSensitiveNumber(value), SENSITIVE_NUMBER_MESSAGE);

const requiredText = (max: number) => freeText(max).refine((value) => value.trim().length > 0, 'is required');

/**
 * Names, phones, addresses and references are one line: a line break in one would add lines to
 * the team mail and the staff pages that show it.
 */
const lineText = (max: number) => freeText(max).refine(isSingleLine, SINGLE_LINE_MESSAGE);

const requiredLine = (max: number) => lineText(max).refine((value) => value.trim().length > 0, 'is required');

export const emailSchema = text()
  .trim()
  .max(LIMITS.email, `must be at most ${LIMITS.email} characters`)
  .pipe(z.email('must be a valid email address'))
  .transform((value) => value.toLowerCase());

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);

    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'must be a real calendar date')
  // The calendar has no year 0 (1 BC is followed by AD 1), and PostgreSQL refuses to store it.
  .refine((value) => !value.startsWith('0000-'), 'must be a real calendar date (there is no year 0)');

export const intakeInput = z.strictObject({
  client: z.strictObject({
    company_name: requiredLine(LIMITS.name),
    contact_name: requiredLine(LIMITS.name),
    email: emailSchema,
    phone: lineText(LIMITS.phone).optional(),
  }),
  debtor: z.strictObject({
    name: requiredLine(LIMITS.name),
    business_type: z.enum(BUSINESS_TYPES).default('OTHER'),
    contact_email: emailSchema.optional(),
    contact_phone: lineText(LIMITS.phone).optional(),
    physical_address: lineText(LIMITS.address).optional(),
  }),
  claim: z.strictObject({
    amount_cents: z
      .number('must be a whole number of cents')
      .int('must be a whole number of cents, not a decimal')
      .min(LIMITS.amountCentsMin, `must be at least ${LIMITS.amountCentsMin}`)
      .max(LIMITS.amountCentsMax, `must be at most ${LIMITS.amountCentsMax}`),
    description: freeText(LIMITS.description).optional(),
    client_reference: lineText(LIMITS.clientReference).optional(),
    invoice_date: isoDate.optional(),
  }),
  tos_accepted: z.literal(true, 'the terms must be accepted'),
  captcha_token: text().max(2048).optional(),
});
export type IntakeInput = z.output<typeof intakeInput>;

export const signInRequestInput = z.strictObject({ email: emailSchema });

export const verifyInput = z.strictObject({ token: z.string().min(1).max(200) });

/** Checked before any lookup: a claim number that cannot exist is a malformed request, not a missing claim. */
export const claimNumberInput = z.string().max(40).regex(CLAIM_NUMBER_PATTERN, 'must be a claim number such as CLM-2026-0001');

export const claimRefInput = z.strictObject({ claim_number: claimNumberInput });

export const documentRefInput = z.strictObject({ claim_number: claimNumberInput, document_id: z.uuid('must be a document id') });

export const messageInput = z.strictObject({
  claim_number: claimNumberInput,
  subject: z.enum(MESSAGE_SUBJECTS),
  content: requiredText(LIMITS.noteContent),
});

/** The columns the staff list sorts by (status in its lifecycle order, NEW first). */
export const STAFF_LIST_SORTS = ['claim_number', 'amount_cents', 'created_at', 'updated_at', 'status'] as const;
export type StaffListSort = (typeof STAFF_LIST_SORTS)[number];

/**
 * Whose claims the staff list shows: a member's id, `none` (nobody's yet) or `me` (the signed-in
 * member's; the shared key is nobody, so it cannot ask for `me`).
 */
export const assigneeFilter = z
  .union([z.enum(['none', 'me']), z.uuid()], 'must be a staff member id, none or me')
  .describe('a staff member id, none (unassigned) or me (the signed-in member)');

/** Who a claim is given to: a staff member's id, or null to give it to nobody. */
export const assigneeIdInput = z.uuid('must be a staff member id').nullable();

/** The staff list's filters; the export and a bulk change take the same. */
export const staffListFilters = z.strictObject({
  status: z.enum(CLAIM_STATUSES).optional(),
  tier: z.enum(CLAIM_TIERS).optional(),
  q: text().trim().max(LIMITS.name).optional(),
  /** Taken in on or after this day (UTC). */
  created_from: isoDate.optional(),
  /** Taken in on or before this day (UTC), so a month is its first and last day. */
  created_to: isoDate.optional(),
  /** `true`: only claims with a client message or upload no staff member has opened since; `false`: only those without. */
  has_client_activity: z
    .enum(['true', 'false'])
    .optional()
    .describe('true: only claims with a client message or upload no staff member has opened since; false: only those without'),
  assignee: assigneeFilter.optional(),
});
export type StaffListFilters = z.output<typeof staffListFilters>;

export const staffListInput = staffListFilters.extend({
  limit: z.coerce.number().int().min(1).max(LIMITS.staffListMax, `must be at most ${LIMITS.staffListMax}`).default(LIMITS.staffListDefault),
  offset: z.coerce.number().int().min(0).default(0),
  sort: z.enum(STAFF_LIST_SORTS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type StaffListInput = z.output<typeof staffListInput>;

/** The export takes the list's filters and order; it has no pages. */
export const staffExportInput = staffListInput.omit({ limit: true, offset: true });

/** The reason a change gives on the audit trail, where it must be given. */
export const requiredReasonInput = requiredText(LIMITS.reason);

export const staffPatchInput = z
  .strictObject({
    claim_number: claimNumberInput,
    status: z.enum(CLAIM_STATUSES).optional(),
    tier: z.enum(CLAIM_TIERS).optional(),
    reason: freeText(LIMITS.reason).optional(),
    notify_client: z.boolean().optional(),
    /** null gives the claim to nobody. */
    assignee_id: assigneeIdInput.optional(),
  })
  .refine((value) => value.status !== undefined || value.tier !== undefined || value.assignee_id !== undefined, {
    message: 'give a status or a tier (or an assignee) to change',
    path: ['status'],
  });
export type StaffPatchInput = z.output<typeof staffPatchInput>;

/** The intake's own field rules: a correction is held to exactly what the intake accepts. */
const intakeClaimFields = intakeInput.shape.claim.shape;
const intakeDebtorFields = intakeInput.shape.debtor.shape;

/**
 * A field the intake may leave out may be emptied by a correction: null clears it, and so does an
 * empty string (what a cleared form field sends), so "no value" is stored one way only.
 */
const clearable = <Field extends z.ZodType<string, string>>(field: z.ZodOptional<Field>) =>
  field
    .unwrap()
    .nullable()
    .transform((value) => (value === '' ? null : value))
    .optional();

/**
 * A staff correction of a claim's details: the amount, what the debt is for, the invoice and the
 * debtor, with the same rules as at intake. Status and tier have their own PATCH; the client's
 * details are the client's own; nothing else exists to correct (no field for an ID, bank or card
 * number exists, and an unknown field is refused).
 */
export const staffCorrectionInput = z
  .strictObject({
    claim_number: claimNumberInput,
    amount_cents: intakeClaimFields.amount_cents.optional(),
    description: clearable(intakeClaimFields.description),
    client_reference: clearable(intakeClaimFields.client_reference),
    invoice_date: clearable(intakeClaimFields.invoice_date),
    debtor: z
      .strictObject({
        name: intakeDebtorFields.name.optional(),
        business_type: intakeDebtorFields.business_type.unwrap().optional(),
        contact_email: clearable(intakeDebtorFields.contact_email),
        contact_phone: clearable(intakeDebtorFields.contact_phone),
        physical_address: clearable(intakeDebtorFields.physical_address),
      })
      .optional(),
    /** Why the details were wrong; kept on the audit row. */
    reason: requiredText(LIMITS.reason),
  })
  .refine(
    ({ claim_number: _claimNumber, reason: _reason, debtor, ...claimFields }) =>
      Object.values(claimFields).some((value) => value !== undefined) || Object.values(debtor ?? {}).some((value) => value !== undefined),
    { message: 'give at least one detail to correct' },
  );
export type StaffCorrectionInput = z.output<typeof staffCorrectionInput>;

export const staffNoteInput = z.strictObject({
  claim_number: claimNumberInput,
  content: requiredText(LIMITS.noteContent),
  visibility: z.enum(NOTE_VISIBILITIES).default('INTERNAL'),
  author_name: requiredLine(LIMITS.authorName).optional(),
});

export const uploadInput = z.strictObject({
  claim_number: claimNumberInput,
  client_visible: z.enum(['true', 'false']).optional(),
});

export const auditListInput = z.strictObject({
  entity_type: z.enum(AUDIT_ENTITY_TYPES).optional(),
  entity_id: z.uuid('must be an id').optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.auditListMax).default(LIMITS.auditListDefault),
  offset: z.coerce.number().int().min(0).default(0),
});
