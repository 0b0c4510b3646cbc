import { router } from '../trpc.ts';
import { submitFullRegistration } from './procedures/submit-full-registration.ts';
import { listRegistrations } from './procedures/list-registrations.ts';
import { approveRegistration } from './procedures/approve-registration.ts';
import { rejectRegistration } from './procedures/reject-registration.ts';
import { listHouseholds } from './procedures/list-households.ts';
import { getHousehold } from './procedures/get-household.ts';
import { addPayer } from './procedures/add-payer.ts';
import { setFirstPickup } from './procedures/set-first-pickup.ts';
import { generateInvoices } from './procedures/generate-invoices.ts';
import { generateDueInvoices } from './procedures/generate-due-invoices.ts';
import { listOutstanding } from './procedures/list-outstanding.ts';
import { billingRates } from './procedures/billing-rates.ts';
import { providerStatus } from './procedures/provider-status.ts';
import { listChildren } from './procedures/list-children.ts';
import { updateChild } from './procedures/update-child.ts';
import { dashboardStats } from './procedures/dashboard-stats.ts';
import { impersonatedRegistrations } from './procedures/impersonated-registrations.ts';
import { myHouseholds } from './procedures/my-households.ts';
import { listInvoices } from './procedures/list-invoices.ts';
import { getInvoice } from './procedures/get-invoice.ts';
import { sendInvoice } from './procedures/send-invoice.ts';
import { recordPayment } from './procedures/record-payment.ts';
import { voidInvoice } from './procedures/void-invoice.ts';
import { stripeWebhook } from './procedures/stripe-webhook.ts';
import { squareWebhook } from './procedures/square-webhook.ts';
import { getRegistration } from './procedures/get-registration.ts';
import { updatePayer } from './procedures/update-payer.ts';
import { removePayer } from './procedures/remove-payer.ts';
import { addAllocation } from './procedures/add-allocation.ts';
import { updateAllocation } from './procedures/update-allocation.ts';
import { removeAllocation } from './procedures/remove-allocation.ts';
import { payPage } from './procedures/pay-page.ts';
import { payCheckout } from './procedures/pay-checkout.ts';
import { householdCredit } from './procedures/household-credit.ts';
import { recordRefund } from './procedures/record-refund.ts';
import { tenantCredits } from './procedures/tenant-credits.ts';
import { setPayerSplit } from './procedures/set-payer-split.ts';

export const billingRouter = router({
  submitFullRegistration,
  listRegistrations,
  approveRegistration,
  rejectRegistration,
  listHouseholds,
  getHousehold,
  addPayer,
  setFirstPickup,
  generateInvoices,
  generateDueInvoices,
  listOutstanding,
  billingRates,
  providerStatus,
  listChildren,
  updateChild,
  dashboardStats,
  impersonatedRegistrations,
  myHouseholds,
  listInvoices,
  getInvoice,
  sendInvoice,
  recordPayment,
  voidInvoice,
  stripeWebhook,
  squareWebhook,
  getRegistration,
  updatePayer,
  removePayer,
  addAllocation,
  updateAllocation,
  removeAllocation,
  payPage,
  payCheckout,
  householdCredit,
  recordRefund,
  tenantCredits,
  setPayerSplit,
});
