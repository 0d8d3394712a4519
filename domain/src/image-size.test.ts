import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, readImageSize, validateImageHeader } from './image-size';
import { formatMessage } from './messages';
import { normaliseClubName } from './validation';
import { validateClubName } from './form-check';

function png(width: number, height: number): Uint8Array {
  const b = new Uint8Array(33);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 0);
  b.set(
    [...'IHDR'].map((c) => c.charCodeAt(0)),
    12,
  );
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  return b;
}

function jpeg(width: number, height: number): Uint8Array {
  // SOI, an APP0 segment of 16 bytes, then SOF0 with the size.
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...new Array<number>(14).fill(0)];
  const sof = [0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 255, width >> 8, width & 255, 3];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof, ...new Array<number>(12).fill(0)]);
}

function webp(chunk: 'VP8X' | 'VP8 ' | 'VP8L', width: number, height: number): Uint8Array {
  const b = new Uint8Array(40);
  const ascii = (s: string, at: number) =>
    b.set(
      [...s].map((c) => c.charCodeAt(0)),
      at,
    );
  ascii('RIFF', 0);
  ascii('WEBP', 8);
  ascii(chunk, 12);
  const v = new DataView(b.buffer);
  if (chunk === 'VP8X') {
    v.setUint16(24, (width - 1) & 0xffff, true);
    b[26] = (width - 1) >> 16;
    v.setUint16(27, (height - 1) & 0xffff, true);
    b[29] = (height - 1) >> 16;
  } else if (chunk === 'VP8 ') {
    v.setUint16(26, width, true);
    v.setUint16(28, height, true);
  } else {
    const bits = (width - 1) | ((height - 1) << 14);
    v.setUint32(21, bits, true);
  }
  return b;
}

describe('readImageSize', () => {
  it('reads PNG, JPEG and the three WebP headers', () => {
    expect(readImageSize(png(640, 480))).toEqual({ width: 640, height: 480 });
    expect(readImageSize(jpeg(4000, 3000))).toEqual({ width: 4000, height: 3000 });
    expect(readImageSize(webp('VP8X', 5000, 7000))).toEqual({ width: 5000, height: 7000 });
    expect(readImageSize(webp('VP8 ', 1600, 1200))).toEqual({ width: 1600, height: 1200 });
    expect(readImageSize(webp('VP8L', 800, 600))).toEqual({ width: 800, height: 600 });
    expect(readImageSize(new TextEncoder().encode('%PDF-1.4'))).toBeNull();
  });
});

describe('validateImageHeader', () => {
  it('accepts a phone photo and a PDF, refuses a header that declares a huge image', () => {
    expect(validateImageHeader(jpeg(4000, 3000))).toBeNull();
    expect(validateImageHeader(new TextEncoder().encode('%PDF-1.4\n'))).toBeNull();
    expect(validateImageHeader(png(100_000, 100_000))).toBe('validation.imageTooLarge');
    expect(validateImageHeader(png(MAX_IMAGE_SIDE + 1, 10))).toBe('validation.imageTooLarge');
    expect(validateImageHeader(webp('VP8X', 10_000, 10_000))).toBe('validation.imageTooLarge');
    expect(validateImageHeader(jpeg(0, 0))).toBe('validation.imageUnreadable');
    expect(validateImageHeader(png(1, 1).subarray(0, 20))).toBe('validation.imageUnreadable');
  });

  it('says the limits the code applies', () => {
    expect(formatMessage('validation.imageTooLarge')).toContain(`${MAX_IMAGE_SIDE} pixels`);
    expect(formatMessage('validation.imageTooLarge')).toContain(
      `${MAX_IMAGE_PIXELS / 1_000_000} megapixels`,
    );
  });
});

describe('club names', () => {
  it('are one spelling whatever invisible characters and spaces were typed', () => {
    expect(normaliseClubName('Sree\u200bSangha')).toBe('SreeSangha');
    expect(normaliseClubName(' Sree\u00a0\u00a0Sangha\ufeff ')).toBe('Sree Sangha');
    expect(normaliseClubName('Pu\u0301ja')).toBe('P\u00faja');
    // Bengali conjuncts keep their joiners.
    expect(normaliseClubName('র\u200d্যাব')).toBe('র\u200d্যাব');
    expect(validateClubName({ clubname: ' Sree \u200b Sangha ' })).toEqual({
      ok: true,
      value: 'Sree Sangha',
    });
    expect(validateClubName('\u200b \u200b')).toMatchObject({
      ok: false,
      message: 'validation.clubNameRequired',
    });
  });
});
