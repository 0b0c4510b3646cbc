/** One figure on a dashboard; `name` labels the figure for tests and assistive tech alike. */
export const StatTile = ({ label, value, note }: { label: string; value: string; note?: string }) => (
  <div className="stat-tile" role="group" aria-label={label}>
    <p className="stat-tile__label">{label}</p>
    <p className="stat-tile__value">{value}</p>
    {note ? <p className="stat-tile__note">{note}</p> : null}
  </div>
);
