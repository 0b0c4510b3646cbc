import { CENTS_SCALAR, DATE_SCALAR, DATE_TIME_SCALAR } from '../../graphql-common/scalars.ts';
import { builder } from './builder.ts';

builder.scalarType('DateTime', DATE_TIME_SCALAR);
builder.scalarType('Date', DATE_SCALAR);
builder.scalarType('Cents', CENTS_SCALAR);
