import { Link } from '../../../shared/router/link.tsx';

export type Bar = { key: string; label: string; value: number; href?: string | undefined };

/** Horizontal CSS bars: readable on a phone, and the numbers stay in the text for screen readers. */
export const BarChart = ({ title, bars }: { title: string; bars: readonly Bar[] }) => {
  const max = Math.max(1, ...bars.map((bar) => bar.value));

  return (
    <figure className="bars">
      <figcaption className="card__title">{title}</figcaption>
      <ul className="bars__list">
        {bars.map((bar) => (
          <li key={bar.key} className="bars__row" data-key={bar.key}>
            <span className="bars__label">{bar.href ? <Link to={bar.href}>{bar.label}</Link> : bar.label}</span>
            <span className="bars__track" aria-hidden="true">
              <span className="bars__fill" style={{ width: `${(bar.value / max) * 100}%` }} />
            </span>
            <span className="bars__value">{bar.value}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
};
