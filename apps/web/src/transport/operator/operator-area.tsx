import { matchPath } from '../../shared/router/match-path.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { isStaff } from '../shared/session/transport-session.ts';
import { SignedInGate } from '../shared/signed-in-gate.tsx';
import { TransportShell } from '../shared/transport-shell.tsx';
import { transportPaths } from '../shared/transport-paths.ts';
import { BillingPage } from './billing/billing-page.tsx';
import { HouseholdDetailPage } from './billing/household-detail-page.tsx';
import { BusesPage } from './buses/buses-page.tsx';
import { DashboardPage } from './dashboard/dashboard-page.tsx';
import { DispatchPage } from './dispatch/dispatch-page.tsx';
import { RegistrationPage } from './registrations/registration-page.tsx';
import { RegistrationsPage } from './registrations/registrations-page.tsx';
import { InvoicesPage } from './invoices/invoices-page.tsx';
import { InvoiceDetailPage } from './invoices/invoice-detail-page.tsx';
import { TenantAuditPage } from './audit/tenant-audit-page.tsx';
import { NewRoutePage } from './routes/new-route-page.tsx';
import { RouteDetailPage } from './routes/route-detail-page.tsx';
import { RoutesPage } from './routes/routes-page.tsx';
import { SchoolsPage } from './schools/schools-page.tsx';
import { SettingsPage } from './settings/settings-page.tsx';
import { StaffPage } from './staff/staff-page.tsx';
import { AdminViewingBanner } from './admin-viewing-banner.tsx';

const PAGES: Record<string, () => React.JSX.Element> = {
  [transportPaths.operator]: DashboardPage,
  [transportPaths.registrations]: RegistrationsPage,
  [transportPaths.routes]: RoutesPage,
  [transportPaths.newRoute]: NewRoutePage,
  [transportPaths.buses]: BusesPage,
  [transportPaths.dispatch]: DispatchPage,
  [transportPaths.schools]: SchoolsPage,
  [transportPaths.billing]: BillingPage,
  [transportPaths.invoices]: InvoicesPage,
  [transportPaths.operatorAudit]: TenantAuditPage,
  [transportPaths.staff]: StaffPage,
  [transportPaths.operatorSettings]: SettingsPage,
};

const Page = ({ pathname }: { pathname: string }) => {
  const Fixed = PAGES[pathname.replace(/\/+$/, '') || '/'];
  if (Fixed) {
    return <Fixed />;
  }
  const registration = matchPath('/operator/registrations/:registrationId', pathname);
  if (registration?.registrationId) {
    return <RegistrationPage key={registration.registrationId} registrationId={registration.registrationId} />;
  }
  const route = matchPath('/operator/routes/:routeId', pathname);
  if (route?.routeId) {
    return <RouteDetailPage key={route.routeId} routeId={route.routeId} />;
  }
  const invoice = matchPath('/operator/invoices/:invoiceId', pathname);
  if (invoice?.invoiceId) {
    return <InvoiceDetailPage key={invoice.invoiceId} invoiceId={invoice.invoiceId} />;
  }
  const household = matchPath('/operator/billing/households/:householdId', pathname);
  if (household?.householdId) {
    return <HouseholdDetailPage key={household.householdId} householdId={household.householdId} />;
  }

  return <EmptyState title="Page not found" />;
};

const NAV = [
  { to: transportPaths.operator, label: 'Dashboard' },
  { to: transportPaths.registrations, label: 'Registrations' },
  { to: transportPaths.routes, label: 'Routes' },
  { to: transportPaths.dispatch, label: 'Live map' },
  { to: transportPaths.buses, label: 'Buses' },
  { to: transportPaths.schools, label: 'Schools' },
  { to: transportPaths.billing, label: 'Billing' },
  { to: transportPaths.invoices, label: 'Invoices' },
  { to: transportPaths.staff, label: 'Staff' },
  { to: transportPaths.operatorAudit, label: 'Audit log' },
  { to: transportPaths.operatorSettings, label: 'Settings' },
];

/** The operator console: staff of a tenant (and platform administrators, for the tenant they pick). */
export const OperatorArea = ({ pathname }: { pathname: string }) => (
  <TransportShell area="Operator console" homeHref={transportPaths.operator} nav={NAV} signedIn themed compactNav>
    <SignedInGate allows={isStaff}>
      {() => (
        <>
          <AdminViewingBanner />
          <Page pathname={pathname} />
        </>
      )}
    </SignedInGate>
  </TransportShell>
);
