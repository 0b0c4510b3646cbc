import { useQuery } from '@tanstack/react-query';
import { cycleOfDate } from '@switchyard/domain/transport/billing/billing-cycle';
import { tripTypeFor } from '@switchyard/domain/transport/billing/rates';
import { proRataCents, serviceInCycle } from '@switchyard/domain/transport/billing/service-week';
import { formatMoney } from '../../../shared/format/format-money.ts';
import { transportTrpc } from '../../shared/transport-client.ts';
import type { ChildValues } from './registration-values.ts';

/**
 * What the family will pay, at the operator's own rates, as the form is filled in: the weekly total
 * of the children entered, the registration fee, and the first week pro rata when the first pickup
 * is after a Monday (the same rules billing applies).
 */
export const RunningTotal = ({
  tenant,
  riders,
  firstPickupDate,
}: {
  tenant: string;
  riders: readonly ChildValues[];
  firstPickupDate: string;
}) => {
  const rates = useQuery(transportTrpc.billing.billingRates.queryOptions({ tenant }));
  if (!rates.data) {
    return null;
  }
  const { currency } = rates.data;
  const rateOf = (child: ChildValues) => (tripTypeFor(child.transport_need) === 'two_way' ? rates.data.two_way : rates.data.one_way);
  const weeklyCents = riders.reduce((sum, child) => sum + Math.round(rateOf(child) * 100), 0);
  const firstWeek = /^\d{4}-\d{2}-\d{2}$/.test(firstPickupDate) ? serviceInCycle(firstPickupDate, cycleOfDate(firstPickupDate)) : null;

  return (
    <section className="running-total" aria-labelledby="running-total-title" aria-live="polite">
      <h2 id="running-total-title" className="running-total__title">
        What you will pay
      </h2>
      <dl className="facts">
        <div>
          <dt>
            Each week ({riders.length} {riders.length === 1 ? 'child' : 'children'})
          </dt>
          <dd>{formatMoney(weeklyCents / 100, currency)}</dd>
        </div>
        {firstWeek?.kind === 'partial' ? (
          <div>
            <dt>First week, {firstWeek.schoolDays} of 5 school days</dt>
            <dd>{formatMoney(proRataCents(weeklyCents, firstWeek.schoolDays) / 100, currency)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Registration fee, once approved</dt>
          <dd>{formatMoney(rates.data.registration_fee, currency)}</dd>
        </div>
      </dl>
      <p className="muted">Weeks run Monday to Sunday; nothing is billed before the first pickup.</p>
    </section>
  );
};
