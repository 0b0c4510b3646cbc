import { intakeInput, type IntakeInput } from '@switchyard/domain/claims/schemas';
import type { FieldIssue } from '../../shared/api/http-error.ts';
import { parseDollarsToCents } from '../shared/parse-dollars.ts';

/** What the form holds: text as typed, keyed by the request's own field paths. */
export type IntakeValues = {
  'client.company_name': string;
  'client.contact_name': string;
  'client.email': string;
  'client.phone': string;
  'debtor.name': string;
  'debtor.business_type': string;
  'debtor.contact_email': string;
  'debtor.contact_phone': string;
  'debtor.physical_address': string;
  'claim.amount': string;
  'claim.description': string;
  'claim.client_reference': string;
  'claim.invoice_date': string;
  tos_accepted: boolean;
};

export type IntakeTextField = Exclude<keyof IntakeValues, 'tos_accepted'>;

export const EMPTY_INTAKE: IntakeValues = {
  'client.company_name': '',
  'client.contact_name': '',
  'client.email': '',
  'client.phone': '',
  'debtor.name': '',
  'debtor.business_type': 'OTHER',
  'debtor.contact_email': '',
  'debtor.contact_phone': '',
  'debtor.physical_address': '',
  'claim.amount': '',
  'claim.description': '',
  'claim.client_reference': '',
  'claim.invoice_date': '',
  tos_accepted: false,
};

/** The server refuses unknown and empty optional values alike, so blank fields are left out. */
const optional = (value: string): string | undefined => (value.trim() === '' ? undefined : value.trim());

export type IntakeCheck = { ok: true; request: IntakeInput } | { ok: false; issues: FieldIssue[] };

/**
 * Builds the request and checks it with the server's own schema, so most mistakes show before
 * sending. The amount is entered in dollars but its errors sit under `claim.amount_cents`.
 */
export const checkIntake = (values: IntakeValues): IntakeCheck => {
  const amount = parseDollarsToCents(values['claim.amount']);
  const request = {
    client: {
      company_name: values['client.company_name'].trim(),
      contact_name: values['client.contact_name'].trim(),
      email: values['client.email'].trim(),
      phone: optional(values['client.phone']),
    },
    debtor: {
      name: values['debtor.name'].trim(),
      business_type: values['debtor.business_type'],
      contact_email: optional(values['debtor.contact_email']),
      contact_phone: optional(values['debtor.contact_phone']),
      physical_address: optional(values['debtor.physical_address']),
    },
    claim: {
      amount_cents: amount.ok ? amount.cents : 1,
      description: optional(values['claim.description']),
      client_reference: optional(values['claim.client_reference']),
      invoice_date: optional(values['claim.invoice_date']),
    },
    tos_accepted: values.tos_accepted,
  };
  const parsed = intakeInput.safeParse(request);
  const issues: FieldIssue[] = amount.ok ? [] : [{ path: 'claim.amount_cents', message: amount.message }];
  if (!parsed.success) {
    issues.push(...parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })));

    return { ok: false, issues };
  }

  return issues.length > 0 ? { ok: false, issues } : { ok: true, request: parsed.data };
};
