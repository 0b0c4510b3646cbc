import { formatCents } from '@switchyard/domain/money';
import { businessTypeLabel } from '../../shared/vocabulary-options.ts';

/** What a person calls each correctable field, in the review and in the audit trail. */
export const CORRECTION_FIELD_LABELS: Record<string, string> = {
  amount_cents: 'Amount',
  description: 'Description',
  client_reference: 'Client reference',
  invoice_date: 'Invoice date',
  'debtor.name': 'Debtor name',
  'debtor.business_type': 'Debtor type',
  'debtor.contact_email': 'Debtor email',
  'debtor.contact_phone': 'Debtor phone',
  'debtor.physical_address': 'Debtor address',
};

export const correctionFieldLabel = (field: string): string => CORRECTION_FIELD_LABELS[field] ?? field;

/** A value as a person reads it: amounts in dollars, types by their label, an empty field as "(empty)". */
export const showCorrectionValue = (field: string, value: string | number | null): string => {
  if (value === null || value === '') {
    return '(empty)';
  }
  if (field === 'amount_cents' && typeof value === 'number' && Number.isSafeInteger(value)) {
    return formatCents(value);
  }
  if (field === 'debtor.business_type' && typeof value === 'string') {
    return businessTypeLabel(value);
  }

  return String(value);
};
