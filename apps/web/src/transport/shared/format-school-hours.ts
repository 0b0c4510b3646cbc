/** `08:00–14:30`, or whichever end is known. */
export const formatSchoolHours = (school: { start_time: string | null; end_time: string | null }): string =>
  school.start_time && school.end_time ? `${school.start_time}–${school.end_time}` : (school.start_time ?? school.end_time ?? '');
