import { createStoredValue } from '../../../shared/storage/stored-value.ts';

/** The transport operator (tenant slug) a family picked; remembered in this browser. */
export type OperatorChoice = { slug: string; name: string };

const isChoice = (value: unknown): value is OperatorChoice =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as OperatorChoice).slug === 'string' &&
  typeof (value as OperatorChoice).name === 'string';

export const operatorChoice = createStoredValue(() => window.localStorage, 'switchyard.transport.operator', isChoice);
