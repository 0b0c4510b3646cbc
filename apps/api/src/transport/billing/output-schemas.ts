import { z } from 'zod';
import { invoiceOutput } from './invoice-outputs.ts';

/** What the transport billing and registration paths answer. Money is in dollars, as the specification's examples give it. */

const timestamp = z.string().nullable();

export const childOutput = z.strictObject({
  id: z.string(),
  tenant_id: z.string(),
  household_id: z.string(),
  name: z.string(),
  school: z.string().nullable(),
  school_id: z.string().nullable(),
  grade: z.string().nullable(),
  route: z.string().nullable(),
  transport_need: z.string(),
  trip_type: z.string(),
  rate_weekly: z.number(),
  active: z.boolean(),
  created_at: timestamp,
});

export const childrenOutput = z.array(childOutput);

export const fullRegistrationOutput = z.strictObject({
  household_id: z.string(),
  registration_id: z.string(),
  tenant_id: z.string(),
  status: z.string(),
  children_count: z.int(),
  weekly_total: z.number(),
  registration_fee: z.number(),
  registration_fee_invoice_id: z.string(),
  email_sent: z.boolean(),
  first_pickup_date: z.string().nullable(),
  policy_acknowledged: z.int(),
  parent2_added: z.boolean(),
});

export const registrationsOutput = z.array(
  z.strictObject({
    id: z.string(),
    household_id: z.string(),
    status: z.string(),
    parent_name: z.string(),
    parent_email: z.string(),
    parent_phone: z.string().nullable(),
    student_name: z.string().nullable(),
    school: z.string().nullable(),
    route: z.string().nullable(),
    children_count: z.int(),
    children: z.array(
      z.strictObject({
        id: z.string(),
        name: z.string(),
        school: z.string().nullable(),
        route: z.string().nullable(),
        grade: z.string().nullable(),
        trip_type: z.string(),
        transport_need: z.string().describe('morning, afternoon or both: what the family asked for'),
      }),
    ),
    first_pickup_date: z.string().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
);

export const approvedOutput = z.strictObject({
  status: z.literal('ok'),
  id: z.string(),
  action: z.literal('approved'),
  email_sent: z.boolean(),
});

export const rejectedOutput = z.strictObject({
  status: z.literal('ok'),
  id: z.string(),
  action: z.literal('rejected'),
  reason: z.string().nullable(),
  email_sent: z.boolean(),
});

export const dashboardStatsOutput = z.strictObject({
  pending_registrations: z.int(),
  active_buses: z.int(),
  active_children: z.int(),
  total_routes: z.int(),
});

const householdSummaryOutput = z.strictObject({
  id: z.string(),
  tenant_id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  children: z.array(childOutput),
  emergency_contacts: z.array(z.unknown()),
  first_pickup_date: z.string().nullable(),
  policy_acknowledged: z.array(z.string()),
  weekly_total: z.number(),
  created_at: timestamp,
  registration_status: z.string().nullable(),
});

export const householdsOutput = z.array(householdSummaryOutput);

const payerOutput = z.strictObject({
  id: z.string(),
  household_id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  relationship: z.string().nullable(),
  is_primary: z.boolean(),
  created_at: timestamp,
});

const allocationOutput = z.strictObject({
  id: z.string(),
  household_id: z.string(),
  payer_id: z.string(),
  child_id: z.string(),
  split_type: z.string(),
  value: z.number(),
  created_at: timestamp,
});

export const householdDetailOutput = z.strictObject({
  ...householdSummaryOutput.shape,
  payers: z.array(payerOutput),
  allocations: z.array(allocationOutput),
  payer_splits: z.array(z.strictObject({ payer_id: z.string(), amount: z.number() })),
});

export const addPayerOutput = z.strictObject({ payer: payerOutput.nullable(), allocation: allocationOutput.nullable() });

export const firstPickupOutput = z.strictObject({ household_id: z.string(), first_pickup_date: z.string() });

export const generatedInvoicesOutput = z.strictObject({ cycle_start: z.string(), cycle_end: z.string(), invoices: z.array(invoiceOutput) });

export const dueInvoicesOutput = z.strictObject({
  date: z.string().describe("The tenant's today"),
  generated: z
    .array(invoiceOutput)
    .describe('First-week invoices made by this call or drafted earlier, as they are now (`sent` when mailed, else still `draft`)'),
  emailed: z.array(z.strictObject({ invoice_id: z.string(), payer_id: z.string().nullable(), email: z.string() })),
  skipped: z.array(z.string()).describe('Households due whose transportation invoices already went out (any besides drafts and void ones)'),
});

export const outstandingOutput = z.array(
  z.strictObject({
    household_id: z.string(),
    household_name: z.string(),
    total_outstanding: z.number(),
    /** The household's credit (overpayments kept for it). */
    credit: z.number(),
    /** What is owed once the credit is counted, never below 0. */
    net_outstanding: z.number(),
    // The read gives its payer rows untyped; the schema is what checks them.
    payers: z.array(
      z.unknown().pipe(
        z.strictObject({
          payer_id: z.string().nullable(),
          name: z.string().nullable(),
          email: z.string().nullable(),
          outstanding: z.number(),
          invoice_count: z.int(),
        }),
      ),
    ),
  }),
);

export const ratesOutput = z.strictObject({
  one_way: z.number(),
  two_way: z.number(),
  cycle: z.string(),
  registration_fee: z.number(),
  currency: z.string().describe('ISO 4217 code of the amounts (an addition to the specification shape; USD unless the tenant set another)'),
});

export const providerStatusOutput = z.strictObject({ square_connected: z.boolean(), stripe_connected: z.boolean() });

/** GET /api/registrations/{reg_id}: what a reviewer reads before deciding. */
export const registrationReviewOutput = z.object({
  registration: z.object({
    id: z.string(),
    household_id: z.string(),
    status: z.string(),
    parent_name: z.string(),
    parent_email: z.string(),
    parent_phone: z.string().nullable(),
    decision_reason: z.string().nullable(),
    decided_by: z.string().nullable(),
    created_at: z.string().nullable(),
    updated_at: z.string().nullable(),
  }),
  /** Every fact of the household: address, first pickup, policies, emergency contacts, payers (the second parent among them), children with their morning/afternoon need, splits. */
  household: householdDetailOutput,
  invoices: z.array(invoiceOutput.extend({ outstanding: z.number() })),
});
