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
});

describe('checkUploadType', () => {
  it('accepts a PDF whose bytes start with %PDF', () => {
    expect(checkUploadType({ fileName: 'a.PDF', declaredMime: 'application/pdf', head: pdfHead })).toBe('application/pdf');
  });

  it('lets the magic bytes decide when the client sends a generic type', () => {
    expect(checkUploadType({ fileName: 'a.pdf', declaredMime: 'application/octet-stream', head: pdfHead })).toBe(
      'application/pdf',
    );
  });

  it('refuses spoofed content, a foreign extension and a mismatched declared type', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]);
    expect(() => checkUploadType({ fileName: 'a.pdf', declaredMime: 'application/pdf', head: png })).toThrow(/content/);
    expect(() => checkUploadType({ fileName: 'a.exe', declaredMime: 'application/pdf', head: pdfHead })).toThrow(/Only/);
    expect(() => checkUploadType({ fileName: 'a.pdf', declaredMime: 'text/html', head: pdfHead })).toThrow(/match/);
  });
});
