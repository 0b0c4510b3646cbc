import type { StreamState } from './event-stream.ts';

const TEXT: Record<StreamState, string> = {
  open: 'Live: positions move as buses report.',
  connecting: 'Connecting to live positions…',
  unavailable: 'Live updates unavailable: positions refresh every 15 seconds.',
};

/** Whether the positions on the map are pushed or polled, said in words. */
export const LiveStateLine = ({ state }: { state: StreamState }) => (
  <p className={`live-state live-state--${state}`} role="status">
    <span className="live-state__dot" aria-hidden="true" />
    {TEXT[state]}
  </p>
);
