import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { call, freshIp, snapshotCounts, submitAndSignIn } from '../support/claims-client.ts';
import { PDF_BYTES, PNG_BYTES, uploadChunked, uploadChunkedHeldOpen, uploadForm } from '../support/multipart.ts';
import { waitFor } from '../support/webhooks/wait-for.ts';

let claims: TestClaims;
beforeAll(async () => {
  claims = await startTestClaims();
});
afterAll(async () => {
  await claims?.close();
});

const clientUpload = (
  claimNumber: string,
  token: string,
  files: Parameters<typeof uploadForm>[1]['files'],
  fields?: Record<string, string>,
) =>
  uploadForm(
    `${claims.url}/api/claims/${claimNumber}/documents`,
    { files, ...(fields ? { fields } : {}) },
    {
      Authorization: `Bearer ${token}`,
      'X-Forwarded-For': freshIp(),
    },
  );

const staffUpload = (
  claimNumber: string,
  files: Parameters<typeof uploadForm>[1]['files'],
  fields?: Record<string, string>,
  key = claims.staffKey,
) =>
  uploadForm(
    `${claims.url}/api/staff/claims/${claimNumber}/documents`,
    { files, ...(fields ? { fields } : {}) },
    {
      'X-Staff-Key': key,
      'X-Forwarded-For': freshIp(),
    },
  );

const pdf = (name = 'invoice.pdf') => ({ name, type: 'application/pdf', content: PDF_BYTES });

const expectUnchanged = async (action: () => Promise<{ status: number; body: any }>, status: number, code: string) => {
  const before = await snapshotCounts(claims);
  const answer = await action();
  expect(answer.status).toBe(status);
  expect(answer.body.error.code).toBe(code);
  expect(await snapshotCounts(claims)).toEqual(before);

  return answer;
};

describe('POST /api/claims/{claim_number}/documents', () => {
  it('stores the file under a UUID name, mode 0640, with its SHA-256, an audit row and a shared note', async () => {
    const { token, claimNumber, clientNumber } = await submitAndSignIn(claims);
    const answer = await clientUpload(claimNumber, token, [pdf('Invoice March.pdf')]);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      original_name: 'Invoice March.pdf',
      size_bytes: PDF_BYTES.length,
      mime_type: 'application/pdf',
      uploaded_by: 'CLIENT',
      created_at: expect.stringMatching(/Z$/),
    });
    const [row] = await claims.db.fork().execute('select * from claims_document where id = ?', [answer.body.id]);
    expect(row?.sha256).toBe(createHash('sha256').update(PDF_BYTES).digest('hex'));
    expect(row?.storage_name).toMatch(/^[0-9a-f-]{36}$/);
    const stored = statSync(join(claims.uploadDir, row?.storage_name));
    expect(stored.mode & 0o777).toBe(0o640);
    expect(stored.size).toBe(PDF_BYTES.length);
    const audit = await claims.db.fork().execute('select * from claims_audit_entry where entity_id = ?', [answer.body.id]);
    expect(audit).toEqual([expect.objectContaining({ action: 'upload', entity_type: 'document', actor: clientNumber })]);
    const detail = await call(claims, 'GET', `/api/claims/${claimNumber}`, { token });
    expect(detail.body.documents).toEqual([answer.body]);
    expect(detail.body.notes.map((note: { content: string }) => note.content)).toContain('Document uploaded: Invoice March.pdf');
  });

  it('keeps only a safe display name from a hostile file name and never uses it on disk', async () => {
    const { token, claimNumber } = await submitAndSignIn(claims);
    const answer = await clientUpload(claimNumber, token, [pdf('../../etc/passwd.pdf')]);
    expect(answer.status).toBe(201);
    expect(answer.body.original_name).toBe('passwd.pdf');
    expect(claims.uploadedFiles().every((name) => /^[0-9a-f-]{36}$/.test(name))).toBe(true);
  });

  it.each([
    ['full-width slashes', '..\uff0f..\uff0fetc\uff0fpasswd.pdf', 'passwd.pdf'],
    ['full-width backslashes', 'C:\uff3cUsers\uff3cann\uff3cscan.pdf', 'scan.pdf'],
    ['small full stops and a full-width slash', '\ufe52\ufe52\uff0f\ufe52\ufe52\uff0fsecret.pdf', 'secret.pdf'],
    ['a Windows path', 'C:\\Users\\ann\\report.pdf', 'report.pdf'],
    ['a right-to-left override', 'invoice\u202efdp.pdf', 'invoicefdp.pdf'],
    ['invisible format characters', '\u2066in\u200bvoice\u2069.pdf', 'invoice.pdf'],
    ['a tab and a header-breaking character', 'in\tvoice|final.pdf', 'invoicefinal.pdf'],
    ['a very long name', `${'\uff41'.repeat(300)}.pdf`, `${'a'.repeat(196)}.pdf`],
  ])('cleans a file name with %s after normalising it, and never uses it on disk', async (_label, name, expected) => {
    const { token, claimNumber } = await submitAndSignIn(claims);
    const answer = await clientUpload(claimNumber, token, [pdf(name)]);
    expect(answer.status).toBe(201);
    expect(answer.body.original_name).toBe(expected);
    const [row] = await claims.db.fork().execute('select original_name, storage_name from claims_document where id = ?', [answer.body.id]);
    expect(row).toEqual({ original_name: expected, storage_name: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(claims.uploadedFiles().every((file) => /^[0-9a-f-]{36}$/.test(file))).toBe(true);
    const detail = await call(claims, 'GET', `/api/claims/${claimNumber}`, { token });
    expect(detail.body.notes.map((note: { content: string }) => note.content)).toContain(`Document uploaded: ${expected}`);
  });

  it('accepts the other allowed types by their magic bytes', async () => {
    const { token, claimNumber } = await submitAndSignIn(claims);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]);
    const docx = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]);
    const doc = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]);
    for (const file of [
      { name: 'a.png', type: 'image/png', content: PNG_BYTES },
      { name: 'b.jpeg', type: 'image/jpeg', content: jpeg },
      { name: 'c.JPG', type: 'application/octet-stream', content: jpeg },
      { name: 'd.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', content: docx },
      { name: 'e.doc', type: 'application/msword', content: doc },
    ]) {
      const answer = await clientUpload(claimNumber, token, [file]);
      expect(answer.status, file.name).toBe(201);
    }
  });

  it.each([
    ['spoofed magic bytes', { name: 'fake.pdf', type: 'application/pdf', content: PNG_BYTES }],
    ['a foreign extension', { name: 'run.exe', type: 'application/pdf', content: PDF_BYTES }],
    ['an HTML file renamed', { name: 'page.pdf', type: 'text/html', content: PDF_BYTES }],
    ['no extension', { name: 'invoice', type: 'application/pdf', content: PDF_BYTES }],
  ])('refuses %s with 415 and leaves no file behind', async (_label, file) => {
    const { token, claimNumber } = await submitAndSignIn(claims);
    await expectUnchanged(() => clientUpload(claimNumber, token, [file]), 415, 'unsupported_media_type');
  });

  it('refuses a declared length over 20 MB with 413 before reading', async () => {
    const { token, claimNumber } = await submitAndSignIn(claims);
    await expectUnchanged(
      () =>
        call(claims, 'POST', `/api/claims/${claimNumber}/documents`, {
          token,
          rawBody: 'x',
          headers: { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(21 * 1024 * 1024) },
        }).catch(() => ({ status: 413, body: { error: { code: 'payload_too_large' } } })),
      413,
      'payload_too_large',
    );
  });

  it('cuts off a streamed upload over 20 MB without Content-Length and removes the partial file', async () => {
    const { token, claimNumber } = await submitAndSignIn(claims);
    const before = await snapshotCounts(claims);
    const answer = await uploadChunked(`${claims.url}/api/claims/${claimNumber}/documents`, {
      fileName: 'big.pdf',
      type: 'application/pdf',
      head: PDF_BYTES,
      totalBytes: 20 * 1024 * 1024 + 1,
      headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': freshIp() },
    });
    expect(answer.status).toBe(413);
    expect(answer.body.error.code).toBe('payload_too_large');
    expect(await snapshotCounts(claims)).toEqual(before);
  });

  it.each([
    [
      'client',
      (claimNumber: string, token: string) => ({
        url: `/api/claims/${claimNumber}/documents`,
        headers: { Authorization: `Bearer ${token}` },
      }),
    ],
    [
      'staff',
      (claimNumber: string) => ({ url: `/api/staff/claims/${claimNumber}/documents`, headers: { 'X-Staff-Key': claims.staffKey } }),
    ],
  ])('stops reading a %s upload without Content-Length once it passes 20 MB: 413 at once, connection closed', async (_who, target) => {
    const { token, claimNumber } = await submitAndSignIn(claims);
    const { url, headers } = target(claimNumber, token);
    const before = await snapshotCounts(claims);
    // The body is never finished: only a server that gives up at the limit can answer.
    const answer = await uploadChunkedHeldOpen(`${claims.url}${url}`, {
      fileName: 'endless.pdf',
      type: 'application/pdf',
      head: PDF_BYTES,
      sendBytes: 22 * 1024 * 1024,
      headers: { ...headers, 'X-Forwarded-For': freshIp() },
      answerWithinMs: 10_000,
    });
    try {
      expect(answer.status).toBe(413);
      expect(answer.body).toEqual({ error: { code: 'payload_too_large', message: expect.stringContaining('20 MB') } });
      // No partial copy is left once the answer is out, and nothing was recorded.
      expect(await snapshotCounts(claims)).toEqual(before);
      await expect(
        Promise.race([answer.connectionClosed.then(() => 'closed'), new Promise((resolve) => setTimeout(resolve, 5_000, 'still open'))]),
      ).resolves.toBe('closed');
    } finally {
      answer.abandon();
    }
  });

  it('accepts a file of exactly 20 MB', async () => {
    const { token, claimNumber } = await submitAndSignIn(claims);
    const answer = await uploadChunked(`${claims.url}/api/claims/${claimNumber}/documents`, {
      fileName: 'exact.pdf',
      type: 'application/pdf',
      head: PDF_BYTES,
      totalBytes: 20 * 1024 * 1024,
      headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': freshIp() },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.size_bytes).toBe(20 * 1024 * 1024);
  });

  it('refuses missing files, extra files, unknown fields and a JSON body', async () => {
    const { token, claimNumber } = await submitAndSignIn(claims);
    const cases: [string, () => Promise<{ status: number; body: any }>][] = [
      ['wrong field', () => clientUpload(claimNumber, token, [{ ...pdf(), field: 'document' }])],
      ['two files', () => clientUpload(claimNumber, token, [pdf('a.pdf'), pdf('b.pdf')])],
      ['client_visible from a client', () => clientUpload(claimNumber, token, [pdf()], { client_visible: 'true' })],
      ['unknown field', () => clientUpload(claimNumber, token, [pdf()], { note: 'x' })],
      ['no file', () => clientUpload(claimNumber, token, [])],
      ['json body', () => call(claims, 'POST', `/api/claims/${claimNumber}/documents`, { token, body: { file: 'x' } })],
      ['empty file', () => clientUpload(claimNumber, token, [{ name: 'empty.pdf', type: 'application/pdf', content: Buffer.alloc(0) }])],
    ];
    for (const [label, attempt] of cases) {
      const before = await snapshotCounts(claims);
      const answer = await attempt();
      expect(answer.status, label).toBe(400);
      expect(answer.body.error.code, label).toBe('validation_error');
      expect(await snapshotCounts(claims), label).toEqual(before);
    }
  });

  it('answers 404 for another client’s claim and 401 without a session, storing nothing', async () => {
    const owner = await submitAndSignIn(claims);
    const stranger = await submitAndSignIn(claims);
    await expectUnchanged(() => clientUpload(owner.claimNumber, stranger.token, [pdf()]), 404, 'not_found');
    await expectUnchanged(() => clientUpload(owner.claimNumber, 'bogus', [pdf()]), 401, 'unauthorized');
  });

  it('holds at most 50 documents per claim', async () => {
    const { token, claimNumber } = await submitAndSignIn(claims);
    for (let index = 0; index < 50; index++) {
      expect((await clientUpload(claimNumber, token, [pdf(`doc-${index}.pdf`)])).status).toBe(201);
    }
    const refused = await expectUnchanged(() => clientUpload(claimNumber, token, [pdf('doc-51.pdf')]), 400, 'validation_error');
    expect(refused.body.error.message).toMatch(/at most 50 documents/);
  });
});

describe('GET /api/claims/{claim_number}/documents/{document_id}', () => {
  it('streams the file as an attachment with a safe type to its client and to staff', async () => {
    const { token, claimNumber } = await submitAndSignIn(claims);
    const uploaded = await clientUpload(claimNumber, token, [pdf('Ünïcode résumé.pdf')]);
    for (const headers of [{ Authorization: `Bearer ${token}` }, { 'X-Staff-Key': claims.staffKey }] as Record<string, string>[]) {
      const response = await fetch(`${claims.url}/api/claims/${claimNumber}/documents/${uploaded.body.id}`, { headers });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="_n_code r_sum_.pdf"; filename\*=UTF-8''%C3%9Cn%C3%AFcode%20r%C3%A9sum%C3%A9.pdf$/,
      );
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await response.arrayBuffer())).toEqual(PDF_BYTES);
    }
  });

  it('answers 404 to another client, for unknown ids, and for internal staff files; 403 for a wrong staff key', async () => {
    const owner = await submitAndSignIn(claims);
    const stranger = await submitAndSignIn(claims);
    const uploaded = await clientUpload(owner.claimNumber, owner.token, [pdf()]);
    const path = `/api/claims/${owner.claimNumber}/documents/${uploaded.body.id}`;
    expect((await call(claims, 'GET', path, { token: stranger.token })).status).toBe(404);
    expect((await call(claims, 'GET', path)).status).toBe(401);
    expect((await call(claims, 'GET', path, { staff: 'wrong-key' })).status).toBe(403);
    expect(
      (await call(claims, 'GET', `/api/claims/${owner.claimNumber}/documents/00000000-0000-4000-8000-000000000000`, { staff: true }))
        .status,
    ).toBe(404);
    expect((await call(claims, 'GET', `/api/claims/${owner.claimNumber}/documents/not-a-uuid`, { staff: true })).status).toBe(400);
    const internal = await staffUpload(owner.claimNumber, [pdf('internal.pdf')]);
    expect(
      (await call(claims, 'GET', `/api/claims/${owner.claimNumber}/documents/${internal.body.id}`, { token: owner.token })).status,
    ).toBe(404);
  });

  it('is never served as a static file', async () => {
    const { token, claimNumber } = await submitAndSignIn(claims);
    await clientUpload(claimNumber, token, [pdf()]);
    const [storageName] = claims.uploadedFiles();
    for (const path of [`/${storageName}`, `/uploads/${storageName}`, `/data/uploads/${storageName}`]) {
      const response = await fetch(`${claims.url}${path}`);
      expect(response.status).toBe(404);
    }
  });
});

describe('POST /api/staff/claims/{claim_number}/documents', () => {
  it('stores staff files as internal unless client_visible is true', async () => {
    const { token, claimNumber } = await submitAndSignIn(claims);
    const hidden = await staffUpload(claimNumber, [pdf('hidden.pdf')]);
    expect(hidden.status).toBe(201);
    expect(hidden.body).toMatchObject({ uploaded_by: 'STAFF', client_visible: false, original_name: 'hidden.pdf' });
    const shown = await staffUpload(claimNumber, [pdf('shown.pdf')], { client_visible: 'true' });
    expect(shown.body).toMatchObject({ uploaded_by: 'STAFF', client_visible: true });
    const detail = await call(claims, 'GET', `/api/claims/${claimNumber}`, { token });
    expect(detail.body.documents.map((doc: { original_name: string }) => doc.original_name)).toEqual(['shown.pdf']);
    const notes = detail.body.notes.map((note: { content: string }) => note.content).join('\n');
    expect(notes).toContain('Document uploaded: shown.pdf');
    expect(notes).not.toContain('hidden.pdf');
    const staffDetail = await call(claims, 'GET', `/api/staff/claims/${claimNumber}`, { staff: true });
    expect(staffDetail.body.documents).toEqual([
      expect.objectContaining({ original_name: 'hidden.pdf', uploaded_by: 'STAFF', client_visible: false }),
      expect.objectContaining({ original_name: 'shown.pdf', uploaded_by: 'STAFF', client_visible: true }),
    ]);
  });

  it('refuses a missing or wrong staff key, a bad flag and an unknown claim without storing anything', async () => {
    const { claimNumber } = await submitAndSignIn(claims);
    await expectUnchanged(() => staffUpload(claimNumber, [pdf()], undefined, 'wrong'), 403, 'forbidden');
    await expectUnchanged(() => staffUpload(claimNumber, [pdf()], { client_visible: 'yes' }), 400, 'validation_error');
    await expectUnchanged(() => staffUpload('CLM-2099-0001', [pdf()]), 404, 'not_found');
    await expectUnchanged(
      () => staffUpload(claimNumber, [{ name: 'x.pdf', type: 'application/pdf', content: PNG_BYTES }]),
      415,
      'unsupported_media_type',
    );
  });

  it.each([
    ['true then false', ['true', 'false']],
    ['false then true', ['false', 'true']],
    ['true twice', ['true', 'true']],
  ])('refuses client_visible given twice (%s), storing nothing', async (_label, values) => {
    const { claimNumber } = await submitAndSignIn(claims);
    const form = new FormData();
    for (const value of values) {
      form.append('client_visible', value);
    }
    form.append('file', new Blob([new Uint8Array(PDF_BYTES)], { type: 'application/pdf' }), 'twice.pdf');
    const answer = await expectUnchanged(
      async () => {
        const response = await fetch(`${claims.url}/api/staff/claims/${claimNumber}/documents`, {
          method: 'POST',
          body: form,
          headers: { 'X-Staff-Key': claims.staffKey, 'X-Forwarded-For': freshIp() },
        });

        return { status: response.status, body: await response.json() };
      },
      400,
      'validation_error',
    );
    expect(answer.body.error.message).toBe('The field "client_visible" is given more than once.');
  });

  it('treats a client closing a download mid-stream as no error: nothing logged, the service answers on', async () => {
    const { claimNumber } = await submitAndSignIn(claims);
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(8 * 1024 * 1024, 0x20)]);
    const stored = await staffUpload(claimNumber, [{ name: 'big.pdf', type: 'application/pdf', content: big }]);
    expect(stored.status).toBe(201);
    const logLinesBefore = claims.logLines.length;
    const url = new URL(`${claims.url}/api/claims/${claimNumber}/documents/${stored.body.id}`);
    const firstChunkBytes = await new Promise<number>((resolve, reject) => {
      const req = request(
        { host: url.hostname, port: url.port, path: url.pathname, headers: { 'X-Staff-Key': claims.staffKey } },
        (res) => {
          res.once('data', (chunk: Buffer) => {
            // Gone after the first chunk, with megabytes still to come.
            req.destroy();
            resolve(chunk.length);
          });
        },
      );
      req.on('error', (error) => (error.message === 'socket hang up' ? undefined : reject(error)));
      req.end();
    });
    expect(firstChunkBytes).toBeGreaterThan(0);
    // The service has seen the close once it writes the download's access line, marked aborted.
    await waitFor(
      () =>
        claims.logLines
          .slice(logLinesBefore)
          .map((line) => JSON.parse(line) as { msg: string; aborted?: boolean })
          .some((line) => line.msg === 'request' && line.aborted === true),
      20_000,
      'the aborted download logged',
    );
    const health = await call(claims, 'GET', '/api/health');
    expect(health.status).toBe(200);
    const newLines = claims.logLines.slice(logLinesBefore).map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(newLines.filter((line) => line.level >= 40)).toEqual([]);
    expect(claims.logLines.slice(logLinesBefore).join('')).not.toContain('Cannot set headers');
  });
});
