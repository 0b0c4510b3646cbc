import { CENTS_SCALAR, DATE_SCALAR, DATE_TIME_SCALAR } from '../../graphql-common/scalars.ts';
import { builder } from './builder.ts';

builder.scalarType('DateTime', DATE_TIME_SCALAR);
builder.scalarType('Date', DATE_SCALAR);
builder.scalarType('Cents', CENTS_SCALAR);
builder.scalarType('JSON', {
  description: 'A JSON value as stored: audit details and the riders of a stop. Output only.',
  serialize: (value) => value,
  parseValue: (value) => value,
});
