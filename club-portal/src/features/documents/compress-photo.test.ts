import { describe, expect, it } from 'vitest';
import {
  LEGIBLE_PSNR,
  PHOTO_TARGET_BYTES,
  choosePhotoEncoding,
  luminancePsnr,
  photoName,
  type PhotoCodec,
} from './compress-photo';

/**
 * A codec standing in for the worker's canvas: bytes grow with pixels and quality, legibility
 * with quality (a photo of a form: `legibleFrom` is the first quality whose text reads).
 */
function fakeCodec(bytesPerPixel: number, legibleFrom: number) {
  const tried: { w: number; h: number; q: number }[] = [];
  const codec: PhotoCodec = {
    async encode(w, h, q) {
      tried.push({ w, h, q });
      const size = Math.round(w * h * q * bytesPerPixel);
      return {
        blob: { size } as Blob,
        psnr: q >= legibleFrom ? LEGIBLE_PSNR + 1 : LEGIBLE_PSNR - 3,
      };
    },
  };
  return { codec, tried };
}

describe('choosePhotoEncoding', () => {
  it('takes the lowest legible quality at 1,600 px when it fits', async () => {
    const { codec, tried } = fakeCodec(0.2, 0.6);
    const blob = await choosePhotoEncoding(codec, 4000, 3000);
    expect(tried.at(-1)).toEqual({ w: 1600, h: 1200, q: 0.6 });
    expect(blob?.size).toBeLessThanOrEqual(PHOTO_TARGET_BYTES);
  });

  it('goes to a smaller side when the legible quality does not fit in 500 KB', async () => {
    const { codec, tried } = fakeCodec(0.6, 0.8);
    const blob = await choosePhotoEncoding(codec, 3000, 4000);
    expect(blob?.size).toBeLessThanOrEqual(PHOTO_TARGET_BYTES);
    expect(tried[0]).toMatchObject({ w: 1200, h: 1600 });
    // At 1,600 px even the lowest quality is over 500 KB; at 1,400 px the sharpest that fits
    // is taken.
    expect(tried.at(-1)?.h).toBe(1400);
  });

  it('never enlarges a small photo', async () => {
    const { codec, tried } = fakeCodec(0.1, 0.5);
    await choosePhotoEncoding(codec, 800, 600);
    expect(tried).toEqual([{ w: 800, h: 600, q: 0.5 }]);
  });

  it('gives up when nothing fits even at the smallest side', async () => {
    const { codec } = fakeCodec(5, 0.5);
    expect(await choosePhotoEncoding(codec, 4000, 3000)).toBeNull();
  });
});

describe('luminancePsnr', () => {
  it('is high for the same picture and falls as it differs', () => {
    const a = new Uint8ClampedArray([10, 20, 30, 255, 200, 200, 200, 255]);
    const near = new Uint8ClampedArray([12, 21, 30, 255, 198, 200, 201, 255]);
    const far = new Uint8ClampedArray([200, 20, 30, 255, 0, 0, 0, 255]);
    expect(luminancePsnr(a, a, 1)).toBe(99);
    expect(luminancePsnr(a, near, 1)).toBeGreaterThan(40);
    expect(luminancePsnr(a, far, 1)).toBeLessThan(15);
  });
});

describe('photoName', () => {
  it('keeps the name and gives the extension of the encoding sent', () => {
    expect(photoName('IMG_2025.HEIC', 'image/webp')).toBe('IMG_2025.webp');
    expect(photoName('deed.scan.jpeg', 'image/jpeg')).toBe('deed.scan.jpg');
    expect(photoName('.jpg', 'image/jpeg')).toBe('photo.jpg');
  });
});
