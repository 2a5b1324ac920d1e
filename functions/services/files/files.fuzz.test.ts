// Hostile uploads at the one place every upload passes: checkUpload. Property-based over
// random bytes and names, plus the named cases (polyglot, zip bomb renamed .docx, executable
// renamed .pdf, 0-byte, oversized). The HTTP-level runs are in scripts/fuzz (npm run fuzz).
import fc from 'fast-check';
import { DomainError } from '../errors.ts';
import { statusOf } from '../../middleware/errors.ts';
import { describe, expect, it } from 'vitest';
import { checkUpload, MAX_UPLOAD_BYTES, type FileKind } from './files.ts';
import { zipBombHeader } from '../../test/fixtures/index.ts';

const MESSAGE = 'Only PDF, DOC or DOCX files are allowed';
const documents: FileKind[] = ['pdf', 'doc', 'docx'];
const enc = (s: string) => new TextEncoder().encode(s);
const file = (bytes: Uint8Array, name: string, type = 'application/octet-stream') =>
  new File([bytes], name, { type });

async function outcome(f: File) {
  try {
    const checked = await checkUpload(f, documents, MESSAGE);
    return { status: 200, kind: checked.kind, name: checked.name };
  } catch (error) {
    if (error instanceof DomainError) return { status: statusOf(error), message: error.message };
    throw error; // anything else would be a 500: the property fails
  }
}

describe('checkUpload against hostile files', () => {
  it('refuses a 0-byte file with 400', async () => {
    expect(await outcome(file(new Uint8Array(0), 'empty.pdf', 'application/pdf'))).toEqual({
      status: 400,
      message: 'The file is empty',
    });
  });

  it('refuses a Windows executable renamed .pdf (declared application/pdf) with 415', async () => {
    const mz = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]);
    expect(await outcome(file(mz, 'invoice.pdf', 'application/pdf'))).toEqual({
      status: 415,
      message: MESSAGE,
    });
  });

  it('refuses a zip bomb renamed .docx (a zip, but not a Word document) without inflating it', async () => {
    // The header of a 4 GB entry, then filler.
    const bomb = new Uint8Array([...zipBombHeader, ...new Uint8Array(4096)]);
    expect(await outcome(file(bomb, 'resume.docx'))).toEqual({ status: 415, message: MESSAGE });
  });

  it('refuses a PDF renamed .docx and a real-looking .docx renamed .pdf (name and bytes must agree)', async () => {
    expect((await outcome(file(enc('%PDF-1.7\n%%EOF'), 'cv.docx'))).status).toBe(415);
    const docx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...enc('[Content_Types].xml word/document.xml')]);
    expect((await outcome(file(docx, 'cv.pdf'))).status).toBe(415);
    expect(await outcome(file(docx, 'cv.docx'))).toMatchObject({ status: 200, kind: 'docx' });
  });

  it('accepts a PDF/HTML polyglot only as a PDF (stored as application/pdf, downloaded as an attachment)', async () => {
    const poly = enc('%PDF-1.7\n<html><script>alert(1)</script></html>\n%%EOF');
    expect(await outcome(file(poly, 'poly.pdf', 'text/html'))).toMatchObject({ status: 200, kind: 'pdf' });
    expect((await outcome(file(poly, 'poly.html', 'text/html'))).status).toBe(415);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    big.set(enc('%PDF-'));
    expect(await outcome(file(big, 'big.pdf'))).toEqual({
      status: 413,
      message: 'File size must be less than 10MB',
    });
  });

  it('never throws anything but a 4xx domain error on random bytes and names, and only accepts what it sniffed', async () => {
    const prefixes = fc.constantFrom(
      new Uint8Array(0),
      enc('%PDF-'),
      new Uint8Array([0x50, 0x4b, 0x03, 0x04]),
      new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      new Uint8Array([0x4d, 0x5a]),
    );
    const names = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.constantFrom(
        'a.pdf',
        'a.PDF',
        'a.docx',
        'a.doc',
        '.pdf',
        'a.pdf.exe',
        'a.exe.pdf',
        '../../x.pdf',
        '\u202efdp.exe',
        'a',
      ),
    );
    await fc.assert(
      fc.asyncProperty(prefixes, fc.uint8Array({ maxLength: 2048 }), names, async (prefix, rest, name) => {
        const bytes = new Uint8Array([...prefix, ...rest]);
        const r = await outcome(file(bytes, name));
        expect([200, 400, 413, 415]).toContain(r.status);
        if (r.status === 200) {
          expect(documents).toContain(r.kind);
          expect(name.toLowerCase().endsWith(`.${r.kind}`)).toBe(true);
          expect(r.name!.length).toBeLessThanOrEqual(200);
        }
      }),
      { numRuns: 300 },
    );
  });
});
