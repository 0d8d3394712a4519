/**
 * A PDF of JPEG pages, written by hand (issue 31: a scanned PDF rebuilt smaller on the phone):
 * one page per JPEG at its page size, the JPEG embedded as it is (DCTDecode). A general PDF
 * library would add about 250 KB of gzipped code to the download for these few objects.
 */

/** A JPEG's size in pixels and its colour components (1 grey, 3 colour, 4 CMYK), or null. */
export function jpegInfo(
  bytes: Uint8Array,
): { width: number; height: number; components: number } | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    // Markers without a length (fill bytes, restarts) are stepped over.
    if (marker === 0xff || (marker >= 0xd0 && marker <= 0xd9) || marker === 0x01) {
      at += marker === 0xff ? 1 : 2;
      continue;
    }
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    // Start of frame (baseline, progressive, …; not DHT 0xc4, JPG 0xc8, DAC 0xcc).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      const height = ((bytes[at + 5] ?? 0) << 8) | (bytes[at + 6] ?? 0);
      const width = ((bytes[at + 7] ?? 0) << 8) | (bytes[at + 8] ?? 0);
      const components = bytes[at + 9] ?? 0;
      return width > 0 && height > 0 ? { width, height, components } : null;
    }
    at += 2 + length;
  }
  return null;
}

const COLOUR_SPACES: Record<number, string> = {
  1: '/DeviceGray',
  3: '/DeviceRGB',
  4: '/DeviceCMYK /Decode [1 0 1 0 1 0 1 0]',
};

/** A number as PDF writes it (at most two decimals). */
const num = (value: number) => String(Math.round(value * 100) / 100);

/**
 * The PDF of these pages, in order: each JPEG fills a page of `width` × `height` points.
 * Throws on bytes that are not a JPEG.
 * @example jpegPagesToPdf([{ jpeg, width: 595.28, height: 841.89 }]) // Uint8Array of a 1-page PDF
 */
export function jpegPagesToPdf(
  pages: readonly { jpeg: Uint8Array; width: number; height: number }[],
): Uint8Array<ArrayBuffer> {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const write = (part: string | Uint8Array) => {
    const bytes = typeof part === 'string' ? encoder.encode(part) : part;
    parts.push(bytes);
    length += bytes.length;
  };
  const object = (id: number, body: string, stream?: Uint8Array) => {
    offsets[id] = length;
    write(`${id} 0 obj\n${body}\n`);
    if (stream) {
      write('stream\n');
      write(stream);
      write('\nendstream\n');
    }
    write('endobj\n');
  };
  // Objects: 1 catalogue, 2 page tree, then per page its page, its drawing and its picture.
  const first = (index: number) => 3 + index * 3;
  write('%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  const kids = pages.map((_, index) => `${first(index)} 0 R`).join(' ');
  object(2, `<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  pages.forEach(({ jpeg, width, height }, index) => {
    const info = jpegInfo(jpeg);
    const space = info ? COLOUR_SPACES[info.components] : undefined;
    if (!info || !space) throw new Error('not a JPEG');
    const id = first(index);
    const [w, h] = [num(width), num(height)];
    object(
      id,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Resources << /XObject << /P ${id + 2} 0 R >> >> /Contents ${id + 1} 0 R >>`,
    );
    const drawing = encoder.encode(`q ${w} 0 0 ${h} 0 0 cm /P Do Q`);
    object(id + 1, `<< /Length ${drawing.length} >>`, drawing);
    object(
      id + 2,
      `<< /Type /XObject /Subtype /Image /Width ${info.width} /Height ${info.height} /ColorSpace ${space} /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>`,
      jpeg,
    );
  });
  const size = first(pages.length);
  const xref = length;
  write(`xref\n0 ${size}\n0000000000 65535 f \n`);
  for (let id = 1; id < size; id += 1) {
    write(`${String(offsets[id] ?? 0).padStart(10, '0')} 00000 n \n`);
  }
  write(`trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const pdf = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    pdf.set(part, at);
    at += part.length;
  }
  return pdf;
}
