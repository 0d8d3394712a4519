import { afterEach, describe, expect, it, vi } from 'vitest';
import { compressPhoto, PHOTO_TARGET_BYTES } from './compress-photo';

/** A page canvas that encodes to as many bytes as it has pixels times the quality. */
function fakePageCanvas(encoded: { width: number; height: number; type: string }[]) {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
    this: HTMLCanvasElement,
  ) {
    const { width, height } = this;
    return {
      fillRect: () => undefined,
      drawImage: () => undefined,
      getImageData: () => ({ data: new Uint8ClampedArray(width * height * 4).fill(128) }),
    } as unknown as CanvasRenderingContext2D;
  } as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
    this: HTMLCanvasElement,
    done: BlobCallback,
    type?: string,
    quality?: number,
  ) {
    encoded.push({ width: this.width, height: this.height, type: type ?? '' });
    const bytes = Math.round(this.width * this.height * (quality ?? 1) * 0.5);
    done(new Blob([new Uint8Array(bytes)], { type }));
  });
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async (source: Blob) => {
      const camera = source.size > PHOTO_TARGET_BYTES;
      return { width: camera ? 4000 : 1600, height: camera ? 3000 : 1200, close: () => undefined };
    }),
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('compressPhoto without workers (the page canvas fallback)', () => {
  it('sends what the worker would: WebP within 500 KB at a long side of 1,600 px', async () => {
    expect(typeof Worker).toBe('undefined');
    const encoded: { width: number; height: number; type: string }[] = [];
    fakePageCanvas(encoded);
    const photo = new File([new Uint8Array(4 * 1024 * 1024)], 'IMG_1.jpg', { type: 'image/jpeg' });
    const sent = await compressPhoto(photo);
    expect(sent?.name).toBe('IMG_1.webp');
    expect(sent?.type).toBe('image/webp');
    expect(sent!.size).toBeLessThanOrEqual(PHOTO_TARGET_BYTES);
    expect(encoded[0]).toEqual({ width: 1600, height: 1200, type: 'image/webp' });
  });

  it('gives up (null) on a picture the browser cannot decode', async () => {
    vi.stubGlobal('createImageBitmap', vi.fn().mockRejectedValue(new Error('not a picture')));
    const photo = new File([new Uint8Array(600 * 1024)], 'broken.jpg', { type: 'image/jpeg' });
    await expect(compressPhoto(photo)).resolves.toBeNull();
  });
});
