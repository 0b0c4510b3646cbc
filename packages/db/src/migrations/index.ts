import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000100Claims } from './Migration20261122000100_claims.ts';
import { Migration20261122000200Webhooks } from './Migration20261122000200_webhooks.ts';
import { Migration20261122000300TransportTenants } from './Migration20261122000300_transport_tenants.ts';
import { Migration20261122000310TransportIdentity } from './Migration20261122000310_transport_identity.ts';
import { Migration20261122000320TransportOperations } from './Migration20261122000320_transport_operations.ts';
import { Migration20261122000330TransportBilling } from './Migration20261122000330_transport_billing.ts';
import { Migration20261122000340TransportHouseholdSubmitter } from './Migration20261122000340_transport_household_submitter.ts';
import { Migration20261122000400WebhookSentParts } from './Migration20261122000400_webhook_sent_parts.ts';
import { Migration20261124000510TransportProviderCache } from './Migration20261124000510_transport_provider_cache.ts';
import { Migration20261124000520TransportIdentitySession } from './Migration20261124000520_transport_identity_session.ts';
import { Migration20261124000917DoublePrecisionChecks } from './Migration20261124000917_double_precision_checks.ts';
import { Migration20261124001500MailOutbox } from './Migration20261124001500_mail_outbox.ts';
import { Migration20261124001600TransportAuditSubjects } from './Migration20261124001600_transport_audit_subjects.ts';
import { Migration20261124001610TransportInvoicePayments } from './Migration20261124001610_transport_invoice_payments.ts';
import { Migration20261124001620TransportRegistrationReview } from './Migration20261124001620_transport_registration_review.ts';
import { Migration20261124001630TransportSchoolNames } from './Migration20261124001630_transport_school_names.ts';
import { Migration20261124001710WebhookLeaseKey } from './Migration20261124001710_webhook_lease_key.ts';
import { Migration20261124001720WebhookRouteControls } from './Migration20261124001720_webhook_route_controls.ts';
import { Migration20261124001810ClaimsClientViewed } from './Migration20261124001810_claims_client_viewed.ts';
import { Migration20261124001820ClaimsSearchEmail } from './Migration20261124001820_claims_search_email.ts';
import { Migration20261124010000TransportLive } from './Migration20261124010000_transport_live.ts';

/** Applied in this order; a new migration is appended, an applied one is never edited. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122000100_claims', class: Migration20261122000100Claims },
  { name: 'Migration20261122000200_webhooks', class: Migration20261122000200Webhooks },
  { name: 'Migration20261122000300_transport_tenants', class: Migration20261122000300TransportTenants },
  { name: 'Migration20261122000310_transport_identity', class: Migration20261122000310TransportIdentity },
  { name: 'Migration20261122000320_transport_operations', class: Migration20261122000320TransportOperations },
  { name: 'Migration20261122000330_transport_billing', class: Migration20261122000330TransportBilling },
  { name: 'Migration20261122000340_transport_household_submitter', class: Migration20261122000340TransportHouseholdSubmitter },
  { name: 'Migration20261122000400_webhook_sent_parts', class: Migration20261122000400WebhookSentParts },
  { name: 'Migration20261124000510_transport_provider_cache', class: Migration20261124000510TransportProviderCache },
  { name: 'Migration20261124000520_transport_identity_session', class: Migration20261124000520TransportIdentitySession },
  { name: 'Migration20261124000917_double_precision_checks', class: Migration20261124000917DoublePrecisionChecks },
  { name: 'Migration20261124001500_mail_outbox', class: Migration20261124001500MailOutbox },
  { name: 'Migration20261124001600_transport_audit_subjects', class: Migration20261124001600TransportAuditSubjects },
  { name: 'Migration20261124001610_transport_invoice_payments', class: Migration20261124001610TransportInvoicePayments },
  { name: 'Migration20261124001620_transport_registration_review', class: Migration20261124001620TransportRegistrationReview },
  { name: 'Migration20261124001630_transport_school_names', class: Migration20261124001630TransportSchoolNames },
  { name: 'Migration20261124001710_webhook_lease_key', class: Migration20261124001710WebhookLeaseKey },
  { name: 'Migration20261124001720_webhook_route_controls', class: Migration20261124001720WebhookRouteControls },
  { name: 'Migration20261124001810_claims_client_viewed', class: Migration20261124001810ClaimsClientViewed },
  { name: 'Migration20261124001820_claims_search_email', class: Migration20261124001820ClaimsSearchEmail },
  { name: 'Migration20261124010000_transport_live', class: Migration20261124010000TransportLive },
];
