import { MAX_FILE_BYTES } from '@puja/domain';
import { describe, expect, it, vi } from 'vitest';
import { prepareUpload, sniffKind } from './prepare-upload';

const PDF_HEAD = '%PDF-1.7\n';
const JPEG_HEAD = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const WEBP_HEAD = new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ');

describe('sniffKind', () => {
  it.each([
    ['a PDF', new Blob([PDF_HEAD]), 'pdf'],
    ['a JPEG', new Blob([JPEG_HEAD]), 'jpeg'],
    ['a PNG', new Blob([PNG_HEAD]), 'png'],
    ['a WebP', new Blob([WEBP_HEAD]), 'webp'],
    ['a program', new Blob(['MZ\u0090\u0000']), null],
    ['an empty file', new Blob([]), null],
  ])('knows %s by its first bytes', async (_name, blob, kind) => {
    expect(await sniffKind(blob)).toBe(kind);
  });
});

describe('prepareUpload', () => {
  it('refuses a program renamed .pdf before anything is sent', async () => {
    const compress = vi.fn();
    const exe = new File(['MZ\u0090\u0000 not a pdf'], 'budget.pdf', { type: 'application/pdf' });
    expect(await prepareUpload(exe, compress)).toEqual({
      ok: false,
      message: 'validation.fileType',
    });
    expect(compress).not.toHaveBeenCalled();
  });

  it('refuses an empty file', async () => {
    expect(await prepareUpload(new File([], 'a.pdf'))).toEqual({
      ok: false,
      message: 'validation.fileEmpty',
    });
  });

  it('passes a PDF through as it is, typed by its bytes, never re-encoded', async () => {
    const compress = vi.fn();
    const pdf = new File([PDF_HEAD, new Uint8Array(2 * 1024 * 1024)], 'deed.pdf', { type: '' });
    const prepared = await prepareUpload(pdf, compress);
    expect(prepared.ok && prepared.file.type).toBe('application/pdf');
    expect(prepared.ok && prepared.file.size).toBe(pdf.size);
    expect(compress).not.toHaveBeenCalled();
  });

  it('refuses a PDF over 3 MB before anything is sent', async () => {
    const pdf = new File([PDF_HEAD, new Uint8Array(MAX_FILE_BYTES)], 'scan.pdf');
    expect(await prepareUpload(pdf, vi.fn())).toEqual({ ok: false, message: 'upload.pdfTooLarge' });
  });

  it('compresses a photo, whatever its name, and refuses one that cannot be made small', async () => {
    const small = new File([JPEG_HEAD], 'IMG_1.jpg', { type: 'image/jpeg' });
    const photo = new File([JPEG_HEAD, new Uint8Array(5_000_000)], 'IMG_1', { type: '' });
    expect(await prepareUpload(photo, async () => small)).toEqual({ ok: true, file: small });
    expect(await prepareUpload(photo, async () => null)).toEqual({
      ok: false,
      message: 'upload.imageTooLarge',
    });
  });
});
