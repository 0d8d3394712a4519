import type { MessageKey } from './messages';
import { detectFileKind } from './validation';

/** The largest image a reviewer's browser is asked to decode (a phone photo is 12–50 MP). */
export const MAX_IMAGE_SIDE = 12_000;
export const MAX_IMAGE_PIXELS = 50_000_000;

export interface ImageSize {
  width: number;
  height: number;
}

const be16 = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const le16 = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const le24 = (b: Uint8Array, at: number) => le16(b, at) | ((b[at + 2] ?? 0) << 16);
const be32 = (b: Uint8Array, at: number) => be16(b, at) * 65536 + be16(b, at + 2);
const tag = (b: Uint8Array, at: number) => String.fromCharCode(...b.subarray(at, at + 4));

/** JPEG: the first start-of-frame segment (SOF0–SOF15 but DHT, JPG and DAC) names the size. */
function jpegSize(b: Uint8Array): ImageSize | null {
  let at = 2;
  while (at + 9 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // standalone markers carry no length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan before a frame
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) return { height: be16(b, at + 5), width: be16(b, at + 7) };
    at += 2 + be16(b, at + 2);
  }
  return null;
}

function webpSize(b: Uint8Array): ImageSize | null {
  const chunk = tag(b, 12);
  if (chunk === 'VP8X' && b.length >= 30) {
    return { width: 1 + le24(b, 24), height: 1 + le24(b, 27) };
  }
  if (chunk === 'VP8 ' && b.length >= 30) {
    return { width: le16(b, 26) & 0x3fff, height: le16(b, 28) & 0x3fff };
  }
  if (chunk === 'VP8L' && b.length >= 25) {
    const b0 = b[21] ?? 0;
    const b1 = b[22] ?? 0;
    const b2 = b[23] ?? 0;
    const b3 = b[24] ?? 0;
    return {
      width: 1 + (((b1 & 0x3f) << 8) | b0),
      height: 1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)),
    };
  }
  return null;
}

/**
 * An image's pixel size as its header declares it (PNG, JPEG, WebP), read from its first bytes
 * without decoding; null when the header cannot be read (or the file is not an image).
 * @example readImageSize(pngBytes) // { width: 640, height: 480 }
 */
export function readImageSize(bytes: Uint8Array): ImageSize | null {
  switch (detectFileKind(bytes)) {
    case 'png':
      return tag(bytes, 12) === 'IHDR' && bytes.length >= 24
        ? { width: be32(bytes, 16), height: be32(bytes, 20) }
        : null;
    case 'jpeg':
      return jpegSize(bytes);
    case 'webp':
      return webpSize(bytes);
    default:
      return null;
  }
}

/**
 * An uploaded image's declared size is checked before anyone's browser decodes it: a small file
 * can declare 100000 × 100000 pixels. Null when acceptable (PDFs and other kinds are not images).
 * `head` is the file's first bytes (the server passes 256 KB: enough for the metadata a camera
 * writes before the frame header).
 * @example validateImageHeader(pdfBytes) // null
 */
export function validateImageHeader(head: Uint8Array): MessageKey | null {
  const kind = detectFileKind(head);
  if (kind !== 'png' && kind !== 'jpeg' && kind !== 'webp') return null;
  const size = readImageSize(head);
  if (!size || size.width <= 0 || size.height <= 0) return 'validation.imageUnreadable';
  if (
    size.width > MAX_IMAGE_SIDE ||
    size.height > MAX_IMAGE_SIDE ||
    size.width * size.height > MAX_IMAGE_PIXELS
  ) {
    return 'validation.imageTooLarge';
  }
  return null;
}
