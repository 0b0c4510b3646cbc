import {
  BUSINESS_TYPES,
  CLAIM_STATUSES,
  CLAIM_TIERS,
  MESSAGE_SUBJECTS,
  STATUS_LABELS,
  TIER_LABELS,
  type BusinessType,
} from '@switchyard/domain/claims/vocabulary';
import type { SelectOption } from '../../shared/forms/select-field.tsx';

const BUSINESS_TYPE_LABELS: Record<BusinessType, string> = {
  INDIVIDUAL: 'Individual',
  SOLE_PROPRIETORSHIP: 'Sole proprietorship',
  LLC: 'LLC',
  CORPORATION: 'Corporation',
  PARTNERSHIP: 'Partnership',
  OTHER: 'Other / not sure',
};

export const businessTypeLabel = (value: string): string => BUSINESS_TYPE_LABELS[value as BusinessType] ?? value;

export const businessTypeOptions: SelectOption[] = BUSINESS_TYPES.map((value) => ({ value, label: BUSINESS_TYPE_LABELS[value] }));

export const statusOptions: SelectOption[] = CLAIM_STATUSES.map((value) => ({ value, label: `${STATUS_LABELS[value]} (${value})` }));

export const tierOptions: SelectOption[] = CLAIM_TIERS.map((value) => ({ value, label: `${TIER_LABELS[value]} (${value})` }));

export const subjectOptions: SelectOption[] = MESSAGE_SUBJECTS.map((value) => ({ value, label: value }));
