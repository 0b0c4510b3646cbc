import { isStorableCalendarDate } from '@switchyard/domain/calendar-date';
import { toIsoSeconds } from '@switchyard/domain/time';
import { GraphQLError, Kind, type ValueNode } from './graphql-js.ts';

/** The scalars both facades share, as options for a Pothos builder's `scalarType`. */

const asString = (value: unknown, scalar: string): string => {
  if (typeof value !== 'string') {
    throw new GraphQLError(`${scalar} must be a string.`, { extensions: { code: 'validation_error' } });
  }

  return value;
};

export const DATE_TIME_SCALAR = {
  description: 'An instant as ISO-8601 UTC with whole seconds, `YYYY-MM-DDTHH:MM:SSZ`.',
  serialize: (value: Date | string) => toIsoSeconds(value),
  parseValue: (value: unknown): Date => {
    const date = new Date(asString(value, 'DateTime'));
    if (Number.isNaN(date.getTime())) {
      throw new GraphQLError('DateTime must be an ISO-8601 timestamp.', { extensions: { code: 'validation_error' } });
    }

    return date;
  },
};

export const DATE_SCALAR = {
  description: 'A calendar date, `YYYY-MM-DD`; ranges over dates are taken in UTC.',
  serialize: (value: string) => value,
  parseValue: (value: unknown): string => {
    const text = asString(value, 'Date');
    // Year 0000 is a date to JavaScript but not to PostgreSQL, which would fail the statement.
    if (!isStorableCalendarDate(text)) {
      throw new GraphQLError('Date must be a real calendar date written YYYY-MM-DD.', { extensions: { code: 'validation_error' } });
    }

    return text;
  },
};

export const CENTS_SCALAR = {
  description:
    'Money as a whole number of cents, sent as a JSON number. Sums can pass the 32-bit range of Int, hence a scalar of its own; values stay within 2^53.',
  serialize: (value: number) => {
    if (!Number.isSafeInteger(value)) {
      throw new GraphQLError('Cents must be a whole number.');
    }

    return value;
  },
  parseValue: (value: unknown): number => {
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
      throw new GraphQLError('Cents must be a whole number.', { extensions: { code: 'validation_error' } });
    }

    return value;
  },
  parseLiteral: (node: ValueNode): number => {
    if (node.kind !== Kind.INT) {
      throw new GraphQLError('Cents must be a whole number.', { extensions: { code: 'validation_error' } });
    }

    return Number(node.value);
  },
};
