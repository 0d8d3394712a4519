import { MAX_FILE_BYTES } from '@puja/domain';
import { describe, expect, it, vi } from 'vitest';
import { MIN_LEGIBLE_LONG_SIDE, shrinkImage, shrinkPlan, type ImageCodec } from './shrink-image';

/**
 * A codec standing in for the browser's canvas: a JPEG's size grows with its pixels and its
 * quality (bytesPerPixel at quality 1), as a camera photo's does.
 */
function fakeCodec(width: number, height: number, bytesPerPixel: number) {
  const encoded: { w: number; h: number; q: number }[] = [];
  const codec: ImageCodec = {
    decode: vi.fn(async () => ({ width, height })),
    encode: vi.fn(async (w: number, h: number, q: number) => {
      encoded.push({ w, h, q });
      const size = Math.round(w * h * q * bytesPerPixel);
      // Only a JPEG that could be kept needs real bytes; larger ones are only measured.
      return size <= MAX_FILE_BYTES ? new Blob([new Uint8Array(size)]) : ({ size } as Blob);
    }),
    close: vi.fn(),
  };
  return { codec, encoded };
}

/** A generated camera photo over the limit: 4000 × 3000, 5 MB. */
function bigPhoto(): File {
  return new File([new Uint8Array(5 * 1024 * 1024)], 'IMG_2025.jpeg', { type: 'image/jpeg' });
}

describe('shrinkImage', () => {
  it('re-encodes a large photo as a JPEG under 3 MB, keeping the long side at least 2000 px', async () => {
    const { codec, encoded } = fakeCodec(4000, 3000, 0.6);
    const small = await shrinkImage(bigPhoto(), MAX_FILE_BYTES, codec);
    expect(small).not.toBeNull();
    expect(small!.size).toBeLessThanOrEqual(MAX_FILE_BYTES);
    expect(small!.type).toBe('image/jpeg');
    expect(small!.name).toBe('IMG_2025.jpg');
    const used = encoded.at(-1)!;
    expect(Math.max(used.w, used.h)).toBeGreaterThanOrEqual(MIN_LEGIBLE_LONG_SIDE);
    expect(used.w / used.h).toBeCloseTo(4 / 3, 2);
    expect(codec.close).toHaveBeenCalled();
  });

  it('goes under 2000 px only when nothing larger fits', async () => {
    const { codec, encoded } = fakeCodec(4000, 3000, 2);
    const small = await shrinkImage(bigPhoto(), MAX_FILE_BYTES, codec);
    expect(small!.size).toBeLessThanOrEqual(MAX_FILE_BYTES);
    expect(Math.max(encoded.at(-1)!.w, encoded.at(-1)!.h)).toBeLessThan(MIN_LEGIBLE_LONG_SIDE);
    expect(encoded.some((step) => Math.max(step.w, step.h) === MIN_LEGIBLE_LONG_SIDE)).toBe(true);
  });

  it('gives up (null) when even the smallest useful version is too large', async () => {
    const { codec } = fakeCodec(4000, 3000, 100);
    expect(await shrinkImage(bigPhoto(), MAX_FILE_BYTES, codec)).toBeNull();
  });

  it('gives up (null) on a picture the browser cannot decode', async () => {
    const codec: ImageCodec = {
      decode: async () => Promise.reject(new Error('corrupt')),
      encode: vi.fn(),
      close: vi.fn(),
    };
    expect(await shrinkImage(bigPhoto(), MAX_FILE_BYTES, codec)).toBeNull();
    expect(codec.encode).not.toHaveBeenCalled();
  });

  it('plans the best quality at the largest size first, never upscaling', () => {
    const plan = shrinkPlan(1200, 900);
    expect(plan[0]).toEqual({ w: 1200, h: 900, q: 0.85 });
    expect(plan.every((step) => step.w <= 1200)).toBe(true);
  });
});
