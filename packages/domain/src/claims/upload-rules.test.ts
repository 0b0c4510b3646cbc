import { describe, expect, it } from 'vitest';
import { checkUploadType, sanitizeFileName } from './upload-rules.ts';

const pdfHead = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34]);

describe('sanitizeFileName', () => {
  it('keeps only the last path segment of a hostile name', () => {
    expect(sanitizeFileName('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(sanitizeFileName('..\\..\\windows\\win.ini.pdf')).toBe('win.ini.pdf');
  });

  it('drops control characters and header-breaking characters', () => {
    expect(sanitizeFileName('in"voice\r\n.pdf')).toBe('invoice.pdf');
    expect(sanitizeFileName('...')).toBe('document');
  });

  it('shortens very long names but keeps the extension', () => {
    const name = sanitizeFileName(`${'a'.repeat(400)}.pdf`);
    expect(name).toHaveLength(200);
    expect(name.endsWith('.pdf')).toBe(true);
  });

  it('splits on slashes that only appear after Unicode normalisation', () => {
    // U+FF0F, U+FF3C and U+FE52 become '/', '\\' and '.' under NFKC.
    expect(sanitizeFileName('..\uff0f..\uff0fetc\uff0fpasswd.pdf')).toBe('passwd.pdf');
    expect(sanitizeFileName('C:\uff3cUsers\uff3cann\uff3cinvoice.pdf')).toBe('invoice.pdf');
    expect(sanitizeFileName('\ufe52\ufe52\uff0fsecret.pdf')).toBe('secret.pdf');
    expect(sanitizeFileName('a\uff0f')).toBe('document');
  });

  it('keeps the last segment of Windows and mixed paths', () => {
    expect(sanitizeFileName('C:\\Users\\ann\\Desktop\\scan.png')).toBe('scan.png');
    expect(sanitizeFileName('dir/sub\\..\\report.docx')).toBe('report.docx');
  });

  it('never yields a dot-only or empty name', () => {
    for (const raw of ['..', '.', '../..', '..\\..', '', ' ', '\uff0e\uff0e', '..\uff0f']) {
      expect(sanitizeFileName(raw), JSON.stringify(raw)).toBe('document');
    }
  });

  it('drops C0 and C1 control characters, NUL included', () => {
    expect(sanitizeFileName('in\u0000voi\u0007ce\u001b[31m\u0085\u009b.pdf')).toBe('invoice[31m.pdf');
  });

  it('drops bidirectional overrides and other invisible format characters', () => {
    // "invoice<RLO>fdp.exe" would be displayed as "invoiceexe.pdf".
    expect(sanitizeFileName('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
    expect(sanitizeFileName('\u2066a\u200bb\u200f\ufeffc.pdf\u2069')).toBe('abc.pdf');
  });

  it('stays within 200 characters whatever the extension and never splits a character', () => {
    const longExtension = sanitizeFileName(`a.${'p'.repeat(400)}`);
    expect([...longExtension]).toHaveLength(200);
    const emoji = sanitizeFileName(`${'\u{1F4C4}'.repeat(300)}.pdf`);
    expect([...emoji]).toHaveLength(200);
    expect(emoji.endsWith('.pdf')).toBe(true);
    // A lone surrogate would not survive the trip through UTF-8.
    expect(Buffer.from(emoji, 'utf8').toString('utf8')).toBe(emoji);
    const fullWidth = sanitizeFileName(`${'\uff41'.repeat(300)}\uff0epdf`);
    expect(fullWidth).toBe(`${'a'.repeat(196)}.pdf`);
  });
});

describe('checkUploadType', () => {
  it('accepts a PDF whose bytes start with %PDF', () => {
    expect(checkUploadType({ fileName: 'a.PDF', declaredMime: 'application/pdf', head: pdfHead })).toBe('application/pdf');
  });

  it('lets the magic bytes decide when the client sends a generic type', () => {
    expect(checkUploadType({ fileName: 'a.pdf', declaredMime: 'application/octet-stream', head: pdfHead })).toBe('application/pdf');
  });

  it('refuses spoofed content, a foreign extension and a mismatched declared type', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]);
    expect(() => checkUploadType({ fileName: 'a.pdf', declaredMime: 'application/pdf', head: png })).toThrow(/content/);
    expect(() => checkUploadType({ fileName: 'a.exe', declaredMime: 'application/pdf', head: pdfHead })).toThrow(/Only/);
    expect(() => checkUploadType({ fileName: 'a.pdf', declaredMime: 'text/html', head: pdfHead })).toThrow(/match/);
  });
});
