import { DomainError } from '../errors.ts';
import type { StaffCorrectionInput } from './schemas.ts';

/**
 * A staff correction of a claim's details: which fields really change, and how the change is kept
 * on the one audit row a correction writes.
 */

/** The correctable fields, named as the staff claim answer names them (debtor fields under `debtor.`). */
export const CORRECTABLE_FIELDS = [
  'amount_cents',
  'description',
  'client_reference',
  'invoice_date',
  'debtor.name',
  'debtor.business_type',
  'debtor.contact_email',
  'debtor.contact_phone',
  'debtor.physical_address',
] as const;
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];

export type CorrectionValue = string | number | null;

/** The claim's current details, as stored. */
export type CorrectableDetails = {
  amount_cents: number;
  description: string | null;
  client_reference: string | null;
  invoice_date: string | null;
  debtor: {
    name: string;
    business_type: string;
    contact_email: string | null;
    contact_phone: string | null;
    physical_address: string | null;
  };
};

export type CorrectionChange = { field: CorrectableField; before: CorrectionValue; after: CorrectionValue };

export const NOTHING_TO_CORRECT = 'Nothing to correct: every value given is already the claim’s current value.';

const requested = (input: StaffCorrectionInput): Array<[CorrectableField, CorrectionValue | undefined]> => [
  ['amount_cents', input.amount_cents],
  ['description', input.description],
  ['client_reference', input.client_reference],
  ['invoice_date', input.invoice_date],
  ['debtor.name', input.debtor?.name],
  ['debtor.business_type', input.debtor?.business_type],
  ['debtor.contact_email', input.debtor?.contact_email],
  ['debtor.contact_phone', input.debtor?.contact_phone],
  ['debtor.physical_address', input.debtor?.physical_address],
];

const currentValue = (current: CorrectableDetails, field: CorrectableField): CorrectionValue => {
  if (field.startsWith('debtor.')) {
    return current.debtor[field.slice('debtor.'.length) as keyof CorrectableDetails['debtor']];
  }

  return current[field as Exclude<keyof CorrectableDetails, 'debtor'>];
};

/**
 * The fields a correction really changes, each with its value before and after, in the order of
 * CORRECTABLE_FIELDS. A field given with its current value is left out, so the audit trail records
 * real changes only. A correction that changes nothing is refused as a conflict with the claim's
 * current state (409): the request was well formed, the claim already says what it asks for.
 */
export const planCorrection = (current: CorrectableDetails, input: StaffCorrectionInput): CorrectionChange[] => {
  const changes = requested(input).flatMap(([field, after]): CorrectionChange[] => {
    if (after === undefined) {
      return [];
    }
    const before = currentValue(current, field);

    return before === after ? [] : [{ field, before, after }];
  });
  if (changes.length === 0) {
    throw new DomainError('conflict', NOTHING_TO_CORRECT);
  }

  return changes;
};

/**
 * The audit row of a correction: the changed fields' names as `field` (comma-separated, for a
 * reader of the raw table), and the values before and after as two JSON objects keyed by field,
 * so each field's old and new value sit on one row with the one reason.
 */
export const correctionAuditValues = (changes: readonly CorrectionChange[]): { field: string; oldValue: string; newValue: string } => ({
  field: changes.map((change) => change.field).join(','),
  oldValue: JSON.stringify(Object.fromEntries(changes.map((change) => [change.field, change.before]))),
  newValue: JSON.stringify(Object.fromEntries(changes.map((change) => [change.field, change.after]))),
});

const isCorrectionValue = (value: unknown): value is CorrectionValue =>
  value === null || typeof value === 'string' || typeof value === 'number';

const parseObject = (text: string | null): Record<string, unknown> | null => {
  if (text === null) {
    return null;
  }
  try {
    const value: unknown = JSON.parse(text);

    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/**
 * The changes kept on a correction's audit row, read back for the trail; null when the row does
 * not hold them in the shape correctionAuditValues writes (the trail then shows the raw values).
 */
export const correctionChangesOfAudit = (row: { field: string | null; oldValue: string | null; newValue: string | null }) => {
  const before = parseObject(row.oldValue);
  const after = parseObject(row.newValue);
  if (row.field === null || before === null || after === null) {
    return null;
  }
  const changes: Array<{ field: string; old_value: CorrectionValue; new_value: CorrectionValue }> = [];
  for (const field of row.field.split(',')) {
    const oldValue = before[field];
    const newValue = after[field];
    if (!isCorrectionValue(oldValue) || !isCorrectionValue(newValue)) {
      return null;
    }
    changes.push({ field, old_value: oldValue, new_value: newValue });
  }

  return changes;
};
