import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../shared/layout/page-header.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { transportTrpc } from '../../shared/transport-client.ts';
import { TimeZoneForm } from './time-zone-form.tsx';

/** The operator's own settings: for now the time zone its route stop times are read in. */
export const SettingsPage = () => {
  useDocumentTitle('Settings');
  const settings = useQuery(transportTrpc.tenants.getTimeZoneSettings.queryOptions());

  return (
    <>
      <PageHeader eyebrow="Operator console" title="Settings" lead="How your operator's routes are read." />
      <section className="card stack stack--tight" aria-labelledby="time-zone-title">
        <h2 id="time-zone-title" className="card__title">
          Time zone
        </h2>
        <p className="muted">Route stop times are clock times in this zone; trip windows, arrival estimates and the families' rides of the day follow it.</p>
        <QueryView query={settings} loadingLabel="Loading the time zone…" errorTitle="The time zone could not be loaded">
          {(answer) => <TimeZoneForm current={answer.time_zone} />}
        </QueryView>
      </section>
    </>
  );
};
