import { PageHeader } from '../../../shared/layout/page-header.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { useRemote } from '../../../shared/remote/use-remote.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { RemoteView } from '../../../shared/ui/remote-view.tsx';
import { transportClient } from '../../shared/transport-client.ts';
import { AddBusForm } from './add-bus-form.tsx';
import { BusRow } from './bus-row.tsx';

export const BusesPage = () => {
  useDocumentTitle('Buses');
  const { state, reload } = useRemote(() => transportClient.operations.listBuses.query(), []);

  return (
    <>
      <PageHeader eyebrow="Operator console" title="Buses" lead="Trackers register their bus on their first report; add a bus here to plan with it before then." />
      <AddBusForm onAdded={reload} />
      <RemoteView state={state} loadingLabel="Loading buses…">
        {(buses) =>
          buses.length === 0 ? (
            <EmptyState title="No buses yet" />
          ) : (
            <ul className="bus-grid" aria-label="Buses">
              {buses.map((bus) => (
                <BusRow key={`${bus.id}-${bus.last_update ?? ''}`} bus={bus} onChanged={reload} />
              ))}
            </ul>
          )
        }
      </RemoteView>
    </>
  );
};
