/** Reads the QR code a page shows, as a phone camera would from the printed sheet. */
import type { Locator, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** The text of the one QR code in a PNG image, or null when none can be read. */
export function decodeQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  const pixels = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length);
  return jsQR(pixels, image.width, image.height)?.data ?? null;
}

/**
 * The page as it prints on A4 (794 × 1123 CSS pixels, print styles), screenshot whole and
 * decoded; the screenshot is returned too, to be kept and looked at.
 */
export async function readPrintedQr(
  page: Page,
  sheet?: Locator,
): Promise<{ text: string | null; png: Buffer }> {
  const before = page.viewportSize();
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.emulateMedia({ media: 'print' });
  try {
    const png = sheet ? await sheet.screenshot() : await page.screenshot({ fullPage: true });
    return { text: decodeQr(png), png };
  } finally {
    await page.emulateMedia({ media: 'screen' });
    if (before) await page.setViewportSize(before);
  }
}
