import { Fact } from '../../../shared/fact.tsx';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { clockTime, lateness } from '../../shared/live/eta-format.ts';
import { formatAge } from '../../shared/live/format-age.ts';
import type { BusPosition } from '../../shared/live/bus-position.ts';
import { StateBadge } from '../../shared/state-badge.tsx';
import type { TransportOutputs } from '../../shared/transport-client.ts';
import { TripMap } from './trip-map.tsx';

export type Trip = TransportOutputs['live']['familyTrips']['trips'][number];

/** Once the bus was seen at the stop the card says when it came, not an estimate. */
const SERVED = new Set(['picked_up', 'dropped_off']);

/** One child's ride today: route, stop, time; inside the trip window the estimate and the bus on a small map. */
export const TripCard = ({ trip, timeZone, bus, now }: { trip: Trip; timeZone: string; bus: BusPosition | null; now: number }) => (
  <article className="card trip-card" aria-label={`${trip.child_name}'s ${trip.direction} trip`}>
    <div className="trip-card__head">
      <h3 className="card__title">
        {trip.child_name} · {trip.headline}
      </h3>
      <span data-testid="ride-status">
        <StateBadge state={trip.status.kind} text={trip.status.label} />
      </span>
    </div>
    {trip.late_notice ? (
      <FormAlert tone="info" title="The bus is running late">
        Expected at {trip.stop.name} at {clockTime(trip.late_notice.eta, timeZone)}, {lateness(trip.late_notice.minutes_late)}. We emailed
        you at {clockTime(trip.late_notice.notified_at, timeZone)}.
      </FormAlert>
    ) : null}
    <dl className="facts">
      <Fact label="Route">{trip.route.name}</Fact>
      <Fact label="Stop">
        {trip.stop.name}
        {trip.stop.address ? <span className="table__sub">{trip.stop.address}</span> : null}
      </Fact>
      <Fact label="Scheduled">{trip.scheduled_time ? `${trip.scheduled_time} (${timeZone})` : '—'}</Fact>
      {SERVED.has(trip.status.kind) ? (
        <Fact label="Bus came">{trip.status.time ?? '—'}</Fact>
      ) : (
        <Fact label="Expected">
          {trip.in_window ? `${clockTime(trip.eta, timeZone)}${trip.minutes_late != null ? ` · ${lateness(trip.minutes_late)}` : ''}` : '—'}
        </Fact>
      )}
    </dl>
    {trip.in_window ? (
      <>
        <TripMap childName={trip.child_name} stop={trip.stop} bus={bus} now={now} />
        <p className="muted">
          {bus ? `Bus position ${formatAge(bus.last_update, now)}.` : 'The bus has not reported a position yet on this trip.'}
        </p>
      </>
    ) : (
      <p className="muted">
        {/* The service's clock decides, not the browser's: served or not seen outside the window is a run that is over. */}
        {SERVED.has(trip.status.kind) || trip.status.kind === 'not_seen'
          ? "Today's run is over."
          : trip.window
            ? `The bus shows here from ${clockTime(trip.window.opens_at, timeZone)} to ${clockTime(trip.window.closes_at, timeZone)} on the day of the trip.`
            : 'This stop has no time yet, so there is no trip to follow.'}
      </p>
    )}
  </article>
);
