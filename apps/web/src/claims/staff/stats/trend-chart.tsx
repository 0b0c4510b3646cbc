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

  return (
    <figure className="trend" data-chart={title}>
      <figcaption className="card__title">{title}</figcaption>
      <div className="trend__plot" aria-hidden="true">
        <ResponsiveContainer width="100%" height={220}>
          <BarChart data={[...points]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} stroke="#e5e9f0" />
            {/* Few bars: every label (they wrap); a year of months: as many as fit. */}
            <XAxis dataKey="label" tickLine={false} interval={points.length <= 6 ? 0 : 'preserveStartEnd'} fontSize={12} />
            <YAxis
              tickFormatter={tick}
              width={56}
              tickLine={false}
              axisLine={false}
              fontSize={12}
              allowDecimals={share}
              {...(share ? { domain: [0, 1], ticks: [0, 0.25, 0.5, 0.75, 1] } : {})}
            />
            <Tooltip formatter={(_value, _name, item) => [(item.payload as TrendPoint).figure, title]} cursor={{ fill: 'rgb(29 78 216 / 8%)' }} />
            <Bar dataKey="value" radius={[4, 4, 0, 0]} isAnimationActive={false} onClick={(_data, index) => open(index)}>
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
