/** The closed vocabularies of the claims service and the words a client sees for them. */

export const CLAIM_STATUSES = [
  'NEW',
  'UNDER_REVIEW',
  'ACTIVE',
  'NEGOTIATION',
  'LEGAL',
  'SETTLED',
  'CLOSED',
  'WRITE_OFF',
  'REJECTED',
] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const STATUS_LABELS: Record<ClaimStatus, string> = {
  NEW: 'Received',
  UNDER_REVIEW: 'Under Review',
  ACTIVE: 'In Progress',
  NEGOTIATION: 'In Negotiation',
  LEGAL: 'Legal Action',
  SETTLED: 'Settled',
  CLOSED: 'Closed — Recovered',
  WRITE_OFF: 'Closed — Uncollectible',
  REJECTED: 'Not Accepted',
};

/** Statuses whose amount still counts as money being pursued. */
export const OPEN_STATUSES: readonly ClaimStatus[] = ['NEW', 'UNDER_REVIEW', 'ACTIVE', 'NEGOTIATION', 'LEGAL'];
/** Statuses whose amount counts as recovered. */
export const RECOVERED_STATUSES: readonly ClaimStatus[] = ['SETTLED', 'CLOSED'];
/** Reaching one of these sets date_resolved. */
export const RESOLVED_STATUSES: readonly ClaimStatus[] = ['SETTLED', 'CLOSED', 'WRITE_OFF'];

export const CLAIM_TIERS = ['TIER_1', 'TIER_2', 'TIER_2_5', 'TIER_3', 'TIER_4'] as const;
export type ClaimTier = (typeof CLAIM_TIERS)[number];

export const TIER_LABELS: Record<ClaimTier, string> = {
  TIER_1: 'Soft Touch',
  TIER_2: 'Formal Demand',
  TIER_2_5: 'Lien Threat',
  TIER_3: 'Escalation',
  TIER_4: 'Legal Action',
};

/** Position on the four-step progress bar; the lien threat is a sub-stage of step 2. */
export const TIER_STEPS: Record<ClaimTier, 1 | 2 | 3 | 4> = {
  TIER_1: 1,
  TIER_2: 2,
  TIER_2_5: 2,
  TIER_3: 3,
  TIER_4: 4,
};

export const tierBadge = (tier: ClaimTier): string | null => (tier === 'TIER_2_5' ? 'Lien Threat' : null);

export const BUSINESS_TYPES = ['INDIVIDUAL', 'SOLE_PROPRIETORSHIP', 'LLC', 'CORPORATION', 'PARTNERSHIP', 'OTHER'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

export const MESSAGE_SUBJECTS = [
  'Question about my claim',
  'New information about the debtor',
  'Payment received / want to stop recovery',
  'Update my contact info',
  'Complaint or concern',
  'Other',
] as const;
export type MessageSubject = (typeof MESSAGE_SUBJECTS)[number];

export const AUTHOR_TYPES = ['CLIENT', 'STAFF', 'SYSTEM'] as const;
export type AuthorType = (typeof AUTHOR_TYPES)[number];

export const NOTE_VISIBILITIES = ['SHARED', 'INTERNAL'] as const;
export type NoteVisibility = (typeof NOTE_VISIBILITIES)[number];

export const UPLOADERS = ['CLIENT', 'STAFF'] as const;
export type Uploader = (typeof UPLOADERS)[number];

/** `staff_member`: a member added or deactivated; `export`: one CSV export, its filters as the new value. */
export const AUDIT_ENTITY_TYPES = ['claim', 'client', 'document', 'note', 'staff_member', 'export'] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/**
 * `activity_seen`: a staff member opened a claim with unseen client activity (who saw it, and the activity's time as the old value);
 * `erase`: a client's personal data was erased; `assign`: a claim given to a staff member or to nobody (old and new member id);
 * `correction`: staff corrected a claim's details, every changed field's old and
 * new value on the one row (JSON objects keyed by field, see correction.ts) with the reason.
 */
export const AUDIT_ACTIONS = [
  'create',
  'status_change',
  'update',
  'upload',
  'note_add',
  'export',
  'erase',
  'activity_seen',
  'assign',
  'correction',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const SYSTEM_ACTOR = 'system';
export const SYSTEM_AUTHOR_NAME = 'Switchyard';
