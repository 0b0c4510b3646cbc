import { DomainError } from '../../errors.ts';

/**
 * A school day ends after it starts. Times are `HH:MM` on a 24-hour clock, so comparing the text
 * compares the times; a school with only one of the two times set is allowed.
 */
export const assertSchoolHours = (start: string | null | undefined, end: string | null | undefined): void => {
  if (start && end && end <= start) {
    throw new DomainError('validation_error', `end_time (${end}) must be after start_time (${start})`);
  }
};

/** Names are unique per tenant as people read them: case and surrounding spaces do not count. */
export const schoolNameKey = (name: string): string => name.trim().toLowerCase();
