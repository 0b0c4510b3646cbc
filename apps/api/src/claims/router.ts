import { router } from './trpc.ts';
import { health } from './procedures/health.ts';
import { submitIntake } from './procedures/submit-intake.ts';
import { requestSignIn } from './procedures/request-sign-in.ts';
import { verifySignIn } from './procedures/verify-sign-in.ts';
import { logout } from './procedures/logout.ts';
import { getMe } from './procedures/get-me.ts';
import { listMyClaims } from './procedures/list-my-claims.ts';
import { getMyClaim } from './procedures/get-my-claim.ts';
import { sendMessage } from './procedures/send-message.ts';
import { checkClientUpload, uploadClientDocument } from './procedures/upload-client-document.ts';
import { downloadDocument } from './procedures/download-document.ts';
import { staffListClaims } from './procedures/staff-list-claims.ts';
import { staffExportClaims } from './procedures/staff-export-claims.ts';
import { staffGetClaim } from './procedures/staff-get-claim.ts';
import { staffUpdateClaim } from './procedures/staff-update-claim.ts';
import { staffBulkChange } from './procedures/staff-bulk-change.ts';
import { staffCorrectClaim } from './procedures/staff-correct-claim.ts';
import { staffAddNote } from './procedures/staff-add-note.ts';
import { checkStaffUpload, uploadStaffDocument } from './procedures/staff-upload-document.ts';
import { staffStats } from './procedures/staff-stats.ts';
import { staffTrends } from './procedures/staff-trends.ts';
import { staffAudit } from './procedures/staff-audit.ts';
import { staffRequestSignIn } from './procedures/staff-request-sign-in.ts';
import { staffVerifySignIn } from './procedures/staff-verify-sign-in.ts';
import { staffLogout } from './procedures/staff-logout.ts';
import { staffGetMe } from './procedures/staff-get-me.ts';
import { staffListMembers } from './procedures/staff-list-members.ts';
import { staffAddMember } from './procedures/staff-add-member.ts';
import { staffDeactivateMember } from './procedures/staff-deactivate-member.ts';

export const claimsRouter = router({
  health,
  intake: router({ submit: submitIntake }),
  auth: router({ request: requestSignIn, verify: verifySignIn, logout, me: getMe }),
  claims: router({ list: listMyClaims, get: getMyClaim, sendMessage }),
  documents: router({
    checkClientUpload,
    uploadClient: uploadClientDocument,
    download: downloadDocument,
  }),
  staff: router({
    list: staffListClaims,
    export: staffExportClaims,
    get: staffGetClaim,
    update: staffUpdateClaim,
    bulk: staffBulkChange,
    correct: staffCorrectClaim,
    addNote: staffAddNote,
    checkUpload: checkStaffUpload,
    upload: uploadStaffDocument,
    stats: staffStats,
    trends: staffTrends,
    audit: staffAudit,
    auth: router({ request: staffRequestSignIn, verify: staffVerifySignIn, logout: staffLogout, me: staffGetMe }),
    members: router({ list: staffListMembers, add: staffAddMember, deactivate: staffDeactivateMember }),
  }),
});

export type ClaimsRouter = typeof claimsRouter;
