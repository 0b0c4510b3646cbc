import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../shared/layout/page-header.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { transportTrpc } from '../../shared/transport-client.ts';
import { PaymentInstructionsForm } from './payment-instructions-form.tsx';
import { PricingForm } from './pricing-form.tsx';
import { ThemeForm } from './theme-form.tsx';
import { TimeZoneForm } from './time-zone-form.tsx';
import { HomeAreaForm } from './home-area-form.tsx';

/** The operator's own settings: its prices, how families pay, its colour and logo, and the time zone its days are read in. */
export const SettingsPage = () => {
  useDocumentTitle('Settings');
  const settings = useQuery(transportTrpc.tenants.getTimeZoneSettings.queryOptions());
  const pricing = useQuery(transportTrpc.tenants.getPricingSettings.queryOptions());
  const payments = useQuery(transportTrpc.tenants.getPaymentSettings.queryOptions());
  const theme = useQuery(transportTrpc.tenants.getThemeSettings.queryOptions());
  const home = useQuery(transportTrpc.tenants.getHomeAreaSettings.queryOptions());

  return (
    <>
      <PageHeader
        eyebrow="Operator console"
        title="Settings"
        lead="Your prices, how families pay you, and the clock your routes and weeks run on, and where your maps open."
      />
      <section className="card stack stack--tight" aria-labelledby="pricing-title">
        <h2 id="pricing-title" className="card__title">
          Prices
        </h2>
        <p className="muted">
          Families see these rates before they register. A change applies to invoices generated after it; invoices already made keep their
          amounts.
        </p>
        <QueryView query={pricing} loadingLabel="Loading your prices…" errorTitle="Your prices could not be loaded">
          {(answer) => <PricingForm current={answer} />}
        </QueryView>
      </section>
      <section className="card stack stack--tight" aria-labelledby="payments-title">
        <h2 id="payments-title" className="card__title">
          Paying by cheque or bank transfer
        </h2>
        <QueryView
          query={payments}
          loadingLabel="Loading the payment instructions…"
          errorTitle="The payment instructions could not be loaded"
        >
          {(answer) => <PaymentInstructionsForm current={answer.payment_instructions} />}
        </QueryView>
      </section>
      <section className="card stack stack--tight" aria-labelledby="theme-title">
        <h2 id="theme-title" className="card__title">
          Colour and logo
        </h2>
        <QueryView query={theme} loadingLabel="Loading the colour and logo…" errorTitle="The colour and logo could not be loaded">
          {(answer) => <ThemeForm current={answer} />}
        </QueryView>
      </section>
      <section className="card stack stack--tight" aria-labelledby="time-zone-title">
        <h2 id="time-zone-title" className="card__title">
          Time zone
        </h2>
        <p className="muted">
          Route stop times are clock times in this zone; trip windows, arrival estimates and the families' rides of the day follow it.
        </p>
        <QueryView query={settings} loadingLabel="Loading the time zone…" errorTitle="The time zone could not be loaded">
          {(answer) => <TimeZoneForm current={answer.time_zone} />}
        </QueryView>
      </section>
      <section className="card stack stack--tight" aria-labelledby="home-area-title">
        <h2 id="home-area-title" className="card__title">
          Home area
        </h2>
        <QueryView query={home} loadingLabel="Loading the home area…" errorTitle="The home area could not be loaded">
          {(answer) => <HomeAreaForm current={answer.home_area} />}
        </QueryView>
      </section>
    </>
  );
};
