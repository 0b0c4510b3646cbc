import type { FieldErrors } from '../../../shared/forms/field-errors.ts';
import { TextField } from '../../../shared/forms/text-field.tsx';
import type { StopTextField, StopValues } from './route-values.ts';

type StopRowsProps = {
  stops: StopValues[];
  errors: FieldErrors;
  showTime?: boolean;
  onChange: (stops: StopValues[], path?: string) => void;
};

/** The route's stops in riding order: each row can move up or be removed. */
export const StopRows = ({ stops, errors, showTime = true, onChange }: StopRowsProps) => {
  const update = (index: number, field: StopTextField, value: string) =>
    onChange(
      stops.map((stop, at) => (at === index ? { ...stop, [field]: value } : stop)),
      `stops.${index}.${field}`,
    );
  const moveUp = (index: number) => {
    const next = [...stops];
    const [moved] = next.splice(index, 1);
    if (moved) {
      next.splice(index - 1, 0, moved);
    }
    onChange(next);
  };

  return (
    <ol className="stop-rows" aria-label="Stops">
      {stops.map((stop, index) => {
        const field = (name: StopTextField, label: string, extra: { required?: boolean; inputMode?: 'decimal'; type?: string } = {}) => (
          <TextField
            id={`stops.${index}.${name}`}
            label={label}
            value={stop[name]}
            onValueChange={(value) => update(index, name, value)}
            error={errors[`stops.${index}.${name}`]}
            {...extra}
          />
        );

        return (
          <li key={index} className="stop-row">
            <p className="stop-row__number" aria-hidden="true">
              {index + 1}
            </p>
            <div className="stop-row__fields">
              {field('name', `Stop ${index + 1} name`, { required: true })}
              {field('address', 'Address')}
              {showTime ? field('time', 'Time', { type: 'time' }) : null}
              {field('lat', 'Latitude', { inputMode: 'decimal' })}
              {field('lng', 'Longitude', { inputMode: 'decimal' })}
            </div>
            <div className="stop-row__actions">
              {index > 0 ? (
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => moveUp(index)}
                  aria-label={`Move stop ${index + 1} up`}
                >
                  ↑
                </button>
              ) : null}
              <button
                type="button"
                className="button button--small"
                onClick={() => onChange(stops.filter((_, at) => at !== index))}
                aria-label={`Remove stop ${index + 1}`}
              >
                ✕
              </button>
            </div>
          </li>
        );
      })}
    </ol>
  );
};
