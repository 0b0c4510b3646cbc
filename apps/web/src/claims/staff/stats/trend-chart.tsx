import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { navigate } from '../../../shared/router/browser-location.ts';
import { Link } from '../../../shared/router/link.tsx';

export type TrendPoint = {
  key: string;
  /** Short label under the bar. */
  label: string;
  value: number;
  /** The value as a person reads it (money, percent, count). */
  figure: string;
  /** Where the bar leads: the staff list filtered to it. */
  link?: string | undefined;
};

type TrendChartProps = {
  title: string;
  points: readonly TrendPoint[];
  /** Axis ticks, short: "$1.2M", "40%". */
  tick: (value: number) => string;
  color?: string;
  /** Values are shares of 1: the axis runs from 0 to 100 %. */
  share?: boolean;
};

/**
 * A bar chart (recharts, SVG, no external assets) with its figures as a table beneath: the table's
 * links are the keyboard's and screen reader's way to what a click on a bar opens.
 */
export const TrendChart = ({ title, points, tick, color = '#1d4ed8', share = false }: TrendChartProps) => {
  const open = (index: number) => {
    const href = points[index]?.link;
    if (href) {
      navigate(href);
    }
  };

  const byRow = points.length <= 6;
  const valueDomain = share ? { domain: [0, 1], ticks: [0, 0.25, 0.5, 0.75, 1] } : {};

  return (
    <figure className="trend" data-chart={title}>
      <figcaption className="card__title">{title}</figcaption>
      <div className="trend__plot" aria-hidden="true">
        <ResponsiveContainer width="100%" height={220}>
          {/* A year of months stands in columns; a few named groups lie as rows, so their names never collide. */}
          <BarChart data={[...points]} layout={byRow ? 'vertical' : 'horizontal'} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={byRow} horizontal={!byRow} stroke="#e5e9f0" />
            {byRow ? (
              <>
                <XAxis type="number" tickFormatter={tick} tickLine={false} fontSize={12} allowDecimals={share} {...valueDomain} />
                <YAxis type="category" dataKey="label" width={96} tickLine={false} axisLine={false} fontSize={12} interval={0} />
              </>
            ) : (
              <>
                <XAxis dataKey="label" tickLine={false} interval="preserveStartEnd" fontSize={12} />
                <YAxis
                  tickFormatter={tick}
                  width={56}
                  tickLine={false}
                  axisLine={false}
                  fontSize={12}
                  allowDecimals={share}
                  {...valueDomain}
                />
              </>
            )}
            <Tooltip
              formatter={(_value, _name, item) => [(item.payload as TrendPoint).figure, title]}
              cursor={{ fill: 'rgb(29 78 216 / 8%)' }}
            />
            <Bar
              dataKey="value"
              radius={byRow ? [0, 4, 4, 0] : [4, 4, 0, 0]}
              isAnimationActive={false}
              onClick={(_data, index) => open(index)}
            >
              {points.map((point) => (
                <Cell key={point.key} fill={color} cursor={point.link ? 'pointer' : 'default'} data-key={point.key} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <details className="trend__figures">
        <summary>Figures</summary>
        <table className="trend__table">
          <tbody>
            {points.map((point) => (
              <tr key={point.key}>
                <th scope="row">{point.link ? <Link to={point.link}>{point.label}</Link> : point.label}</th>
                <td>{point.figure}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
};
