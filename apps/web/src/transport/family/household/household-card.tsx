import { Fact } from '../../../shared/fact.tsx';
import { formatDate } from '../../../shared/format/format-date.ts';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '../../../shared/format/format-money.ts';
import { transportTrpc } from '../../shared/transport-client.ts';
import { StateBadge } from '../../shared/state-badge.tsx';
import { ChildrenTable, PayersTable } from '../../shared/household-tables.tsx';
import type { TransportOutputs } from '../../shared/transport-client.ts';
import { InvoiceList } from './invoice-list.tsx';

type MyHousehold = TransportOutputs['billing']['myHouseholds'][number];

export const HouseholdCard = ({ household }: { household: MyHousehold }) => {
  // Amounts in the operator's currency.
  const currency = useQuery(transportTrpc.billing.billingRates.queryOptions({ tenant: household.tenant_id })).data?.currency ?? 'USD';

  return (
    <article className="card household" aria-label={`Household ${household.name}`}>
      <div className="household__head">
        <h2 className="card__title">{household.name}</h2>
        <StateBadge state={household.registration_status ?? 'approved'} />
      </div>
      <dl className="facts">
        <Fact label="Weekly total">{formatMoney(household.weekly_total, currency)}</Fact>
        <Fact label="Outstanding" valueClassName="facts__amount">
          <span data-testid="total-outstanding">{formatMoney(household.total_outstanding, currency)}</span>
        </Fact>
        {household.credit > 0 ? (
          <Fact label="Credit (taken off your next invoice)" valueClassName="facts__amount">
            <span data-testid="household-credit">{formatMoney(household.credit, currency)}</span>
          </Fact>
        ) : null}
        <Fact label="First pickup">{formatDate(household.first_pickup_date)}</Fact>
        <Fact label="Registered">{formatDate(household.created_at)}</Fact>
      </dl>
      <h3 className="section-title">Children</h3>
      <ChildrenTable children={household.children} currency={currency} />
      <h3 className="section-title">Who pays</h3>
      <PayersTable household={household} currency={currency} />
      <h3 className="section-title">Invoices</h3>
      <InvoiceList invoices={household.invoices} payers={household.payers} />
    </article>
  );
};
