/** Helpers of the club journeys: both screen sizes, the printed PDF's page count. */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ARTIFACTS_DIR } from './paths';

type Step = (page: Page, name: string) => Promise<void>;

/**
 * A screen done: its accessibility audit, and screenshots at phone (360 px) and desktop
 * (1280 px) width.
 */
export async function screenDone(
  page: Page,
  { shot, audit }: { shot: Step; audit: Step },
  name: string,
): Promise<void> {
  const phone = page.viewportSize() ?? { width: 360, height: 800 };
  await audit(page, name);
  await shot(page, `${name}-360`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, `${name}-1280`);
  await page.setViewportSize(phone);
}

/** The current page as Chromium prints it on A4 (print CSS), as PDF bytes. */
async function printedPdf(page: Page): Promise<Buffer> {
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  return pdf;
}

function pageCountOf(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
}

/** How many pages Chromium prints the current page on (A4, print CSS). */
export async function printedPageCount(page: Page): Promise<number> {
  return pageCountOf(await printedPdf(page));
}

/**
 * The printed PDF kept at artifacts/pdf/<name>.pdf, to open and look at (fonts, page breaks);
 * returns its page count.
 */
export async function keepPrintedPdf(page: Page, name: string): Promise<number> {
  const pdf = await printedPdf(page);
  const dir = join(ARTIFACTS_DIR, 'pdf');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `${name}.pdf`), pdf);
  return pageCountOf(pdf);
}

/** A screenshot of the page as printed on A4 (print CSS, 794 × 1123 CSS px), to look at. */
export async function paperShot(page: Page, shot: Step, name: string): Promise<void> {
  const before = page.viewportSize() ?? { width: 360, height: 800 };
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.emulateMedia({ media: 'print' });
  await shot(page, `${name}-paper`);
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize(before);
}

/** Replaces window.print with a recorder (headless printing opens no dialog to close). */
export async function recordPrints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __prints: number };
    w.__prints = 0;
    window.print = () => {
      w.__prints += 1;
      window.dispatchEvent(new Event('afterprint'));
    };
  });
}

export async function printCount(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __prints: number }).__prints);
}

/** The temporary password the server mailed to `email` (the outbox of the e2e stack's data dir). */
export async function mailedTemporaryPassword(email: string): Promise<string> {
  const { readdir, readFile } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const outbox = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const files = (await readdir(outbox)).sort().reverse();
  for (const file of files) {
    const mail = await readFile(join(outbox, file), 'utf8');
    const password = /Temporary password: (\S+)/.exec(mail)?.[1];
    if (mail.includes(`To: ${email}\n`) && password) return password;
  }
  throw new Error(`no temporary password mailed to ${email}`);
}
