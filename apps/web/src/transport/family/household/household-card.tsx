import { Fact } from '../../../shared/fact.tsx';
import { formatDate } from '../../../shared/format/format-date.ts';
import { formatDollars } from '../../../shared/format/format-dollars.ts';
import { StateBadge } from '../../shared/state-badge.tsx';
import { ChildrenTable, PayersTable } from '../../shared/household-tables.tsx';
import type { TransportOutputs } from '../../shared/transport-client.ts';
import { InvoiceList } from './invoice-list.tsx';

type MyHousehold = TransportOutputs['billing']['myHouseholds'][number];

export const HouseholdCard = ({ household }: { household: MyHousehold }) => (
  <article className="card household" aria-label={`Household ${household.name}`}>
    <div className="household__head">
      <h2 className="card__title">{household.name}</h2>
      <StateBadge state={household.registration_status ?? 'approved'} />
    </div>
    <dl className="facts">
      <Fact label="Weekly total">{formatDollars(household.weekly_total)}</Fact>
      <Fact label="Outstanding" valueClassName="facts__amount">
        <span data-testid="total-outstanding">{formatDollars(household.total_outstanding)}</span>
      </Fact>
      {household.credit > 0 ? (
        <Fact label="Credit (taken off your next invoice)" valueClassName="facts__amount">
          <span data-testid="household-credit">{formatDollars(household.credit)}</span>
        </Fact>
      ) : null}
      <Fact label="First pickup">{formatDate(household.first_pickup_date)}</Fact>
      <Fact label="Registered">{formatDate(household.created_at)}</Fact>
    </dl>
    <h3 className="section-title">Children</h3>
    <ChildrenTable children={household.children} />
    <h3 className="section-title">Who pays</h3>
    <PayersTable household={household} />
    <h3 className="section-title">Invoices</h3>
    <InvoiceList invoices={household.invoices} payers={household.payers} />
  </article>
);
