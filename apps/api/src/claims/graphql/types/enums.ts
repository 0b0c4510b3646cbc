import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  AUTHOR_TYPES,
  BUSINESS_TYPES,
  CLAIM_STATUSES,
  CLAIM_TIERS,
  NOTE_VISIBILITIES,
  UPLOADERS,
} from '@switchyard/domain/claims/vocabulary';
import { builder } from '../builder.ts';

/** The domain vocabularies, one GraphQL enum each; values are spelled exactly as stored. */

export const ClaimStatusEnum = builder.enumType('ClaimStatus', { values: CLAIM_STATUSES });
export const ClaimTierEnum = builder.enumType('ClaimTier', { values: CLAIM_TIERS });
export const BusinessTypeEnum = builder.enumType('BusinessType', { values: BUSINESS_TYPES });
export const NoteVisibilityEnum = builder.enumType('NoteVisibility', { values: NOTE_VISIBILITIES });
export const AuthorTypeEnum = builder.enumType('AuthorType', { values: AUTHOR_TYPES });
export const UploaderEnum = builder.enumType('Uploader', { values: UPLOADERS });
export const AuditEntityTypeEnum = builder.enumType('AuditEntityType', { values: AUDIT_ENTITY_TYPES });
export const AuditActionEnum = builder.enumType('AuditAction', { values: AUDIT_ACTIONS });
