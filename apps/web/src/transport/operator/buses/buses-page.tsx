import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../shared/layout/page-header.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { transportTrpc } from '../../shared/transport-client.ts';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { AddBusForm } from './add-bus-form.tsx';
import { BusRow } from './bus-row.tsx';

export const BusesPage = () => {
  useDocumentTitle('Buses');
  const buses = useQuery(transportTrpc.operations.listBuses.queryOptions());

  return (
    <>
      <PageHeader
        eyebrow="Operator console"
        title="Buses"
        lead="Trackers register their bus on their first report; add a bus here to plan with it before then."
      />
      <AddBusForm />
      <QueryView query={buses} loadingLabel="Loading buses…" errorTitle="The buses could not be loaded">
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState title="No buses yet" />
          ) : (
            <ul className="bus-grid" aria-label="Buses">
              {rows.map((bus) => (
                <BusRow key={`${bus.id}-${bus.last_update ?? ''}`} bus={bus} />
              ))}
            </ul>
          )
        }
      </QueryView>
    </>
  );
};
