import type { z } from 'zod';
import type { fullRegistrationInput } from '@switchyard/domain/transport/billing/schemas';

export type ChildValues = { name: string; transport_need: 'morning' | 'afternoon' | 'both'; school_id: string; grade: string };

export type RegistrationValues = {
  parent: { name: string; email: string; phone: string; relationship: string; address: string };
  withSecondParent: boolean;
  parent2: { name: string; email: string; phone: string; relationship: string };
  children: ChildValues[];
  contact: { name: string; phone: string; relationship: string };
  first_pickup_date: string;
  policies: Record<string, boolean>;
};

/** What a family agrees to; the slugs are stored with the household. */
export const POLICIES = [
  { slug: 'rider-safety', label: 'I have read the rider safety rules with my children.' },
  { slug: 'payment-terms', label: 'I agree to pay the registration fee and the weekly invoices.' },
  { slug: 'pickup-policy', label: 'An adult meets younger children at the stop in the afternoon.' },
] as const;

export const emptyChild = (): ChildValues => ({ name: '', transport_need: 'both', school_id: '', grade: '' });

export const emptyRegistration = (email: string): RegistrationValues => ({
  parent: { name: '', email, phone: '', relationship: '', address: '' },
  withSecondParent: false,
  parent2: { name: '', email: '', phone: '', relationship: '' },
  children: [emptyChild()],
  contact: { name: '', phone: '', relationship: '' },
  first_pickup_date: '',
  policies: {},
});

/** Blank optional fields are left out: the server refuses empty values where it expects content. */
const optional = (value: string): string | undefined => (value.trim() === '' ? undefined : value.trim());

/** The request the server's `fullRegistrationInput` checks, built from what the form holds. */
export const toRegistrationRequest = (
  values: RegistrationValues,
  tenant: string,
  schoolName: (id: string) => string | undefined,
): z.input<typeof fullRegistrationInput> => ({
  tenant,
  parent: {
    name: values.parent.name.trim(),
    email: values.parent.email.trim(),
    phone: optional(values.parent.phone),
    relationship: optional(values.parent.relationship),
    address: optional(values.parent.address),
  },
  parent2: values.withSecondParent
    ? {
        name: values.parent2.name.trim(),
        email: optional(values.parent2.email),
        phone: optional(values.parent2.phone),
        relationship: optional(values.parent2.relationship),
      }
    : undefined,
  children: values.children.map((child) => ({
    name: child.name.trim(),
    transport_need: child.transport_need,
    school_id: optional(child.school_id),
    school: optional(child.school_id) ? schoolName(child.school_id) : undefined,
    grade: optional(child.grade),
  })),
  emergency_contacts:
    values.contact.name.trim() || values.contact.phone.trim()
      ? [{ name: values.contact.name.trim(), phone: values.contact.phone.trim(), relationship: optional(values.contact.relationship) }]
      : [],
  first_pickup_date: optional(values.first_pickup_date),
  policy_acknowledged: POLICIES.filter((policy) => values.policies[policy.slug]).map((policy) => policy.slug),
});
