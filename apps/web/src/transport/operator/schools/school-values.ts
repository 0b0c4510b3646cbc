export type SchoolValues = { name: string; address: string; start_time: string; end_time: string };

export const EMPTY_SCHOOL: SchoolValues = { name: '', address: '', start_time: '', end_time: '' };

const textOrNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

export const toSchoolRequest = (values: SchoolValues) => ({
  name: values.name.trim(),
  address: textOrNull(values.address),
  start_time: textOrNull(values.start_time),
  end_time: textOrNull(values.end_time),
});

export const schoolToValues = (school: {
  name: string;
  address: string | null;
  start_time: string | null;
  end_time: string | null;
}): SchoolValues => ({
  name: school.name,
  address: school.address ?? '',
  start_time: school.start_time ?? '',
  end_time: school.end_time ?? '',
});
