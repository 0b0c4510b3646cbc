import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import type { TransportOutputs } from '../../shared/transport-client.ts';
import { TableFrame } from '../../../shared/ui/table-frame.tsx';

type Stop = TransportOutputs['operations']['getRoute']['stops'][number];

const coordinates = (stop: Stop): string => (stop.lat != null && stop.lng != null ? `${stop.lat.toFixed(4)}, ${stop.lng.toFixed(4)}` : '—');

export const StopsTable = ({ stops }: { stops: readonly Stop[] }) =>
  stops.length === 0 ? (
    <EmptyState title="This route has no stops yet" />
  ) : (
    <TableFrame label="Stops" columns={[{ label: '#', numeric: true }, 'Stop', 'Time', 'Position']} compact>
      {stops.map((stop) => (
        <tr key={stop.position}>
          <td className="table__num">{stop.position}</td>
          <th scope="row">
            {stop.name}
            {stop.address ? <span className="table__sub">{stop.address}</span> : null}
          </th>
          <td>{stop.time ?? '—'}</td>
          <td className="nowrap">{coordinates(stop)}</td>
        </tr>
      ))}
    </TableFrame>
  );
