import { builder } from './builder.ts';
import './types/enums.ts';
import './types/claim.ts';
import './types/client.ts';
import './types/debtor.ts';
import './types/document.ts';
import './types/note.ts';
import './types/audit-entry.ts';
import './claim-queries.ts';
import './reporting/staff-stats.ts';
import './reporting/aging.ts';
import './reporting/recovery-rate.ts';
import './reporting/status-over-time.ts';

builder.queryType({
  description: 'Read-only reporting for claims staff. Every field needs the X-Staff-Key header.',
  // Scopes on the root type run for each of its fields, so no field can be added without the check.
  authScopes: { staff: true },
});

export const claimsGraphqlSchema = builder.toSchema();
