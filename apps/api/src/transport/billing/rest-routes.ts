import type { RestRoute } from '@switchyard/rest-adapter/route-table';
import {
  addPayerInput,
  firstPickupInput,
  fullRegistrationInput,
  householdRefInput,
  invoiceRefInput,
  listInvoicesInput,
  listRegistrationsInput,
  recordPaymentInput,
  registrationRefInput,
  rejectRegistrationInput,
  voidInvoiceInput,
} from '@switchyard/domain/transport/billing/schemas';

const staff = ['unauthorized', 'forbidden'];

export const billingRestRoutes: RestRoute[] = [
  { method: 'POST', path: '/api/registrations/full', procedure: 'billing.submitFullRegistration', input: 'json', successStatus: 201, access: 'public', tags: ['registrations'], summary: 'Register a household with its children (public signup)', inputSchema: fullRegistrationInput, errors: ['not_found'] },
  { method: 'GET', path: '/api/registrations', procedure: 'billing.listRegistrations', input: 'query', successStatus: 200, access: 'tenant', tags: ['registrations'], summary: "The tenant's registrations, newest first", inputSchema: listRegistrationsInput, errors: staff },
  { method: 'PUT', path: '/api/registrations/{reg_id}/approve', procedure: 'billing.approveRegistration', input: 'none', successStatus: 200, access: 'tenant', tags: ['registrations'], summary: 'Approve a registration and email the registration fee', inputSchema: registrationRefInput, errors: [...staff, 'not_found'] },
  { method: 'PUT', path: '/api/registrations/{reg_id}/reject', procedure: 'billing.rejectRegistration', input: 'json', successStatus: 200, access: 'tenant', tags: ['registrations'], summary: 'Reject a registration, optionally with a reason mailed to the family', inputSchema: rejectRegistrationInput, errors: [...staff, 'not_found'] },
  { method: 'GET', path: '/api/registrations/{reg_id}', procedure: 'billing.getRegistration', input: 'none', successStatus: 200, access: 'tenant', tags: ['registrations'], summary: 'One registration with every household fact and its invoices', inputSchema: registrationRefInput, errors: [...staff, 'not_found'] },
  { method: 'GET', path: '/api/children', procedure: 'billing.listChildren', input: 'none', successStatus: 200, access: 'tenant', tags: ['children'], summary: "The tenant's active children", errors: staff },
  { method: 'GET', path: '/api/dashboard/stats', procedure: 'billing.dashboardStats', input: 'none', successStatus: 200, access: 'tenant', tags: ['dashboard'], summary: 'Pending registrations, active buses and children, routes', errors: staff },
  { method: 'GET', path: '/api/billing/households', procedure: 'billing.listHouseholds', input: 'none', successStatus: 200, access: 'tenant', tags: ['billing'], summary: 'Households with children and weekly totals', errors: staff },
  { method: 'GET', path: '/api/billing/households/{household_id}', procedure: 'billing.getHousehold', input: 'none', successStatus: 200, access: 'tenant', tags: ['billing'], summary: 'One household with payers, allocations and payer splits', inputSchema: householdRefInput, errors: [...staff, 'not_found'] },
  { method: 'POST', path: '/api/billing/households/{household_id}/payers', procedure: 'billing.addPayer', input: 'json', successStatus: 201, access: 'tenant', tags: ['billing'], summary: 'Add a payer, optionally with an allocation', inputSchema: addPayerInput, errors: [...staff, 'not_found'] },
  { method: 'POST', path: '/api/billing/households/{household_id}/first-pickup', procedure: 'billing.setFirstPickup', input: 'json', successStatus: 200, access: 'tenant', tags: ['billing'], summary: "Set a household's first pickup date", inputSchema: firstPickupInput, errors: [...staff, 'not_found'] },
  { method: 'POST', path: '/api/billing/generate', procedure: 'billing.generateInvoices', input: 'none', successStatus: 200, access: 'tenant', tags: ['billing'], summary: 'Draft invoices per payer for the current weekly cycle', errors: staff },
  { method: 'POST', path: '/api/billing/generate-due', procedure: 'billing.generateDueInvoices', input: 'none', successStatus: 200, access: 'tenant', tags: ['billing'], summary: 'Generate and email first weekly invoices that are due', errors: staff },
  { method: 'GET', path: '/api/billing/invoices', procedure: 'billing.listInvoices', input: 'query', successStatus: 200, access: 'tenant', tags: ['billing'], summary: "The tenant's invoices, newest first; filter by status (or `outstanding`) and household", inputSchema: listInvoicesInput, errors: staff },
  { method: 'GET', path: '/api/billing/invoices/{invoice_id}', procedure: 'billing.getInvoice', input: 'none', successStatus: 200, access: 'tenant', tags: ['billing'], summary: 'One invoice with its payments', inputSchema: invoiceRefInput, errors: [...staff, 'not_found'] },
  { method: 'POST', path: '/api/billing/invoices/{invoice_id}/send', procedure: 'billing.sendInvoice', input: 'none', successStatus: 200, access: 'tenant', tags: ['billing'], summary: 'Mail a draft or pending invoice to its payer (with a payment link when a provider is configured)', inputSchema: invoiceRefInput, errors: [...staff, 'not_found', 'conflict', 'bad_gateway'] },
  { method: 'POST', path: '/api/billing/invoices/{invoice_id}/payments', procedure: 'billing.recordPayment', input: 'json', successStatus: 201, access: 'tenant', tags: ['billing'], summary: 'Record a payment: partial until covered, then paid; more than owed, void or paid is 409', inputSchema: recordPaymentInput, errors: [...staff, 'not_found', 'conflict'] },
  { method: 'POST', path: '/api/billing/invoices/{invoice_id}/void', procedure: 'billing.voidInvoice', input: 'json', successStatus: 200, access: 'tenant', tags: ['billing'], summary: 'Void an invoice nobody paid anything of, with a reason', inputSchema: voidInvoiceInput, errors: [...staff, 'not_found', 'conflict'] },
  { method: 'POST', path: '/api/payments/stripe/webhook', procedure: 'billing.stripeWebhook', input: 'raw', successStatus: 200, access: 'public', tags: ['payments'], summary: "Stripe's signed notification (Stripe-Signature): a completed checkout marks its invoice paid, once", errors: ['validation_error'] },
  { method: 'POST', path: '/api/payments/square/webhook', procedure: 'billing.squareWebhook', input: 'raw', successStatus: 200, access: 'public', tags: ['payments'], summary: "Square's signed notification (x-square-hmacsha256-signature): a completed payment marks its invoice paid, once", errors: ['validation_error'] },
  { method: 'GET', path: '/api/billing/outstanding', procedure: 'billing.listOutstanding', input: 'none', successStatus: 200, access: 'tenant', tags: ['billing'], summary: 'Outstanding amounts per household and payer', errors: staff },
  { method: 'GET', path: '/api/billing/rates', procedure: 'billing.billingRates', input: 'none', successStatus: 200, access: 'public', tags: ['billing'], summary: 'Weekly rates and registration fee' },
  { method: 'GET', path: '/api/billing/provider-status', procedure: 'billing.providerStatus', input: 'none', successStatus: 200, access: 'public', tags: ['billing'], summary: 'Which payment providers are configured' },
  { method: 'GET', path: '/api/ops/impersonated/registrations', procedure: 'billing.impersonatedRegistrations', input: 'none', successStatus: 200, access: 'impersonation', tags: ['ops'], summary: 'Registrations of the impersonated tenant (audited)', errors: ['unauthorized'] },
];
