import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table.tsx';
import type { TransportOutputs } from '../../shared/transport-client.ts';

type Stop = TransportOutputs['operations']['getRoute']['stops'][number];

const coordinates = (stop: Stop): string => (stop.lat != null && stop.lng != null ? `${stop.lat.toFixed(4)}, ${stop.lng.toFixed(4)}` : '—');

const COLUMNS: readonly DataColumn<Stop>[] = [
  { label: '#', numeric: true, cell: (stop) => stop.position },
  {
    label: 'Stop',
    isRowHeader: true,
    cell: (stop) => (
      <>
        {stop.name}
        {stop.address ? <span className="table__sub">{stop.address}</span> : null}
      </>
    ),
  },
  { label: 'Position', nowrap: true, cell: coordinates },
];

export const StopsTable = ({ stops }: { stops: readonly Stop[] }) =>
  stops.length === 0 ? (
    <EmptyState title="This route has no stops yet" />
  ) : (
    <DataTable label="Stops" columns={COLUMNS} rows={stops} rowKey={(stop) => stop.position} compact />
  );
