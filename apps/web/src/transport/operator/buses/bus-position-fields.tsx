import type { Dispatch, SetStateAction } from 'react';
import type { FieldErrors } from '../../../shared/forms/field-errors.ts';
import { TextField } from '../../../shared/forms/text-field.tsx';
import type { BusPositionValues } from './bus-position-values.ts';

const LABELS: Record<keyof BusPositionValues, string> = {
  lat: 'Latitude',
  lng: 'Longitude',
  heading: 'Heading (°)',
  speed: 'Speed (km/h)',
};

type BusPositionFieldsProps = {
  idPrefix: string;
  values: BusPositionValues;
  onValues: Dispatch<SetStateAction<BusPositionValues>>;
  form: { errors: FieldErrors; clearError: (path: string) => void };
};

/** Latitude, longitude, heading and speed; the add form and a bus's "set position" both use them. */
export const BusPositionFields = ({ idPrefix, values, onValues, form }: BusPositionFieldsProps) => (
  <>
    {(Object.keys(LABELS) as (keyof BusPositionValues)[]).map((field) => (
      <TextField
        key={field}
        id={`${idPrefix}${field}`}
        label={LABELS[field]}
        inputMode="decimal"
        value={values[field]}
        onValueChange={(value) => {
          onValues((current) => ({ ...current, [field]: value }));
          form.clearError(field);
        }}
        error={form.errors[field]}
      />
    ))}
  </>
);
