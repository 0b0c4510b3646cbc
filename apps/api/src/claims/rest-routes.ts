import type { RestRoute } from '@switchyard/rest-adapter/route-table';
import {
  auditListInput,
  claimRefInput,
  documentRefInput,
  intakeInput,
  messageInput,
  signInRequestInput,
  staffExportInput,
  staffListInput,
  staffNoteInput,
  staffPatchInput,
  uploadInput,
  verifyInput,
} from '@switchyard/domain/claims/schemas';

/** The documented paths of the claims API, each served by one procedure of the claims router. */
export const claimsRestRoutes: RestRoute[] = [
  { method: 'GET', path: '/api/health', procedure: 'health', input: 'none', successStatus: 200, access: 'public', tags: ['health'], summary: 'Service health' },
  { method: 'POST', path: '/api/intake', procedure: 'intake.submit', input: 'json', successStatus: 201, access: 'public', tags: ['intake'], summary: 'Submit a claim', inputSchema: intakeInput, errors: ['rate_limited'] },
  { method: 'POST', path: '/api/auth/request', procedure: 'auth.request', input: 'json', successStatus: 200, access: 'public', tags: ['auth'], summary: 'Email a sign-in link', inputSchema: signInRequestInput, errors: ['rate_limited'] },
  { method: 'POST', path: '/api/auth/verify', procedure: 'auth.verify', input: 'json', successStatus: 200, access: 'public', tags: ['auth'], summary: 'Exchange a sign-in token for a session', inputSchema: verifyInput, errors: ['unauthorized', 'rate_limited'] },
  { method: 'POST', path: '/api/auth/logout', procedure: 'auth.logout', input: 'none', successStatus: 200, access: 'client', tags: ['auth'], summary: 'End the current session', errors: ['unauthorized'] },
  { method: 'GET', path: '/api/auth/me', procedure: 'auth.me', input: 'none', successStatus: 200, access: 'client', tags: ['auth'], summary: 'The signed-in client', errors: ['unauthorized'] },
  { method: 'GET', path: '/api/claims', procedure: 'claims.list', input: 'none', successStatus: 200, access: 'client', tags: ['claims'], summary: "The client's claims", errors: ['unauthorized'] },
  { method: 'GET', path: '/api/claims/{claim_number}', procedure: 'claims.get', input: 'none', successStatus: 200, access: 'client', tags: ['claims'], summary: 'One claim of the client', inputSchema: claimRefInput, errors: ['unauthorized', 'not_found'] },
  { method: 'POST', path: '/api/claims/{claim_number}/documents', procedure: 'documents.uploadClient', preflight: 'documents.checkClientUpload', input: 'multipart', successStatus: 201, access: 'client', tags: ['documents'], summary: 'Upload a document', inputSchema: uploadInput.omit({ client_visible: true }), errors: ['unauthorized', 'not_found', 'payload_too_large', 'unsupported_media_type'] },
  { method: 'GET', path: '/api/claims/{claim_number}/documents/{document_id}', procedure: 'documents.download', input: 'none', successStatus: 200, access: 'client', streamsFile: true, tags: ['documents'], summary: 'Download a document (client or staff)', inputSchema: documentRefInput, errors: ['unauthorized', 'forbidden', 'not_found'] },
  { method: 'POST', path: '/api/claims/{claim_number}/messages', procedure: 'claims.sendMessage', input: 'json', successStatus: 201, access: 'client', tags: ['claims'], summary: 'Send a message to the team', inputSchema: messageInput, errors: ['unauthorized', 'not_found'] },
  { method: 'GET', path: '/api/staff/claims', procedure: 'staff.list', input: 'query', successStatus: 200, access: 'staff', tags: ['staff'], summary: 'List and filter claims', inputSchema: staffListInput, errors: ['forbidden'] },
  { method: 'GET', path: '/api/staff/claims/export', procedure: 'staff.export', input: 'query', successStatus: 200, access: 'staff', streamsBody: 'text/csv', tags: ['staff'], summary: 'The filtered claims as CSV (every page, streamed)', inputSchema: staffExportInput, errors: ['forbidden'] },
  { method: 'GET', path: '/api/staff/claims/{claim_number}', procedure: 'staff.get', input: 'none', successStatus: 200, access: 'staff', tags: ['staff'], summary: 'Full claim detail', inputSchema: claimRefInput, errors: ['forbidden', 'not_found'] },
  { method: 'PATCH', path: '/api/staff/claims/{claim_number}', procedure: 'staff.update', input: 'json', successStatus: 200, access: 'staff', tags: ['staff'], summary: 'Change status and/or tier', inputSchema: staffPatchInput, errors: ['forbidden', 'not_found', 'conflict'] },
  { method: 'POST', path: '/api/staff/claims/{claim_number}/notes', procedure: 'staff.addNote', input: 'json', successStatus: 201, access: 'staff', tags: ['staff'], summary: 'Add a note', inputSchema: staffNoteInput, errors: ['forbidden', 'not_found'] },
  { method: 'POST', path: '/api/staff/claims/{claim_number}/documents', procedure: 'staff.upload', preflight: 'staff.checkUpload', input: 'multipart', successStatus: 201, access: 'staff', tags: ['staff'], summary: 'Upload a document as staff', inputSchema: uploadInput, errors: ['forbidden', 'not_found', 'payload_too_large', 'unsupported_media_type'] },
  { method: 'GET', path: '/api/staff/stats', procedure: 'staff.stats', input: 'none', successStatus: 200, access: 'staff', tags: ['staff'], summary: 'Aggregate statistics', errors: ['forbidden'] },
  { method: 'GET', path: '/api/staff/audit', procedure: 'staff.audit', input: 'query', successStatus: 200, access: 'staff', tags: ['staff'], summary: 'Audit entries, newest first', inputSchema: auditListInput, errors: ['forbidden'] },
];
