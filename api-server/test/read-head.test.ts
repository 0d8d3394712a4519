// readHead (issue 26): a file's head is only as long as what is read from it. A PDF's tells its
// kind, an image's also its size; a thousand submits waiting at once held 256 KB a file before.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { detectFileKind, validateImageHeader } from '@puja/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { readHead } from '../src/http/multipart';
import { PDF } from './harness';

const dir = mkdtempSync(join(tmpdir(), 'puja-read-head-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, bytes: Buffer): { path: string; size: number } {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return { path, size: bytes.length };
}

/** A JPEG whose frame (800 × 600) comes after 100 KB of metadata, as a phone's EXIF may. */
function jpegWithLongMetadata(): Buffer {
  const segment = (marker: number, body: Buffer) =>
    Buffer.concat([
      Buffer.from([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff]),
      body,
    ]);
  const app = Array.from({ length: 2 }, () => segment(0xe1, Buffer.alloc(50_000, 0x20)));
  const frame = segment(
    0xc0,
    Buffer.from([8, 600 >> 8, 600 & 0xff, 800 >> 8, 800 & 0xff, 1, 1, 0x11, 0]),
  );
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    ...app,
    frame,
    Buffer.alloc(200_000),
    Buffer.from([0xff, 0xd9]),
  ]);
}

describe('readHead', () => {
  it("reads a PDF's first bytes only, enough for its kind", async () => {
    const padded = Buffer.concat([PDF, Buffer.alloc(400_000, '%')]);
    const { path, size } = file('doc.pdf', padded);
    const head = await readHead(path, size);
    expect(detectFileKind(head)).toBe('pdf');
    expect(head.length).toBeLessThanOrEqual(16);
  });

  it("reads an image's header past long metadata, unless it was checked already", async () => {
    const { path, size } = file('photo.jpg', jpegWithLongMetadata());
    const head = await readHead(path, size);
    expect(validateImageHeader(head)).toBeNull();
    expect(head.length).toBeGreaterThan(100_000);

    const kindOnly = await readHead(path, size, { imageHeader: false });
    expect(detectFileKind(kindOnly)).toBe('jpeg');
    expect(kindOnly.length).toBeLessThanOrEqual(16);
  });

  it('reads a file shorter than its head as it is', async () => {
    const { path, size } = file('short.bin', Buffer.from('%PDF-'));
    expect((await readHead(path, size)).toString()).toBe('%PDF-');
  });
});
