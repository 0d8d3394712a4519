// Issue 31 on the phone: a document photographed page by page ("Add a page", each photo shrunk
// and uploading at once, moved, removed, kept over a reload), and a scanned PDF over 1 MB
// offered smaller ("Make it smaller", before/after size, page 1) — in English and বাংলা at
// 360 px, axe clean; in English the
// application is then sent and the reviewer's PDF of the budget has its pages in that order.
import { join } from 'node:path';
import { listApplications, documentUrl } from '@puja/api-client';
import type { PDFRef } from '@cantoo/pdf-lib';
import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFStream } from '@cantoo/pdf-lib';
import type { Locator, Page } from '@playwright/test';
import { bigPhoto } from '../support/big-photo';
import { ARTIFACTS_DIR, DEMO_PDF, expect, test } from '../support/fixtures';

/** Phone photos of a budget's sheets, each a different size (so their order shows). */
const sheets = [
  { name: 'budget-1.png', mimeType: 'image/png', buffer: bigPhoto(1200, 1600) },
  { name: 'budget-2.png', mimeType: 'image/png', buffer: bigPhoto(1000, 1400) },
  { name: 'budget-3.png', mimeType: 'image/png', buffer: bigPhoto(900, 1200) },
];

const TEXTS = {
  en: {
    email: 'Email',
    password: 'Password',
    login: 'Login',
    budget: 'Puja Budget',
    committee: 'Puja Committee List',
    add: 'Add a page',
    three: /^3 pages, \d+ KB$/,
    uploaded: 'Uploaded',
    moveUp: (n: number) => `Move page ${n} up`,
    remove: (n: number) => `Remove page ${n}`,
    smaller: 'Make it smaller',
  },
  bn: {
    email: 'ইমেল',
    password: 'পাসওয়ার্ড',
    login: 'লগইন',
    budget: 'পূজার বাজেট',
    committee: 'পূজা কমিটির তালিকা',
    add: 'একটি পাতা যোগ করুন',
    three: /^৩টি পাতা, [০-৯]+ কেবি$/,
    uploaded: 'আপলোড হয়েছে',
    moveUp: (n: number) => `পাতা ${'০১২৩৪৫৬৭৮৯'[n]} উপরে সরান`,
    remove: (n: number) => `পাতা ${'০১২৩৪৫৬৭৮৯'[n]} সরিয়ে দিন`,
    smaller: 'ছোট করুন',
  },
} as const;

async function openApplyForm(
  page: Page,
  account: { email: string; password: string },
  lang: keyof typeof TEXTS,
) {
  const text = TEXTS[lang];
  await page.goto('/login');
  if (lang === 'bn') {
    await page
      .getByRole('group', { name: 'Language' })
      .getByRole('button', { name: 'বাংলা' })
      .click();
  }
  await page.getByLabel(text.email).fill(account.email);
  await page.getByLabel(text.password).fill(account.password);
  await page.getByRole('button', { name: text.login, exact: true }).click();
  await page.waitForURL('**/club/dashboard');
  await page.goto('/club/apply-noc');
  await expect(page.getByLabel(text.budget, { exact: true })).toBeVisible();
}

/** The phone's screen around a locator, kept to look at. */
async function screenShot(page: Page, around: Locator, name: string) {
  await around.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: join(ARTIFACTS_DIR, 'screenshots', 'club', `${name}.png`) });
}

/**
 * A scanned PDF of two A4 pages over 1 MB: each page a grainy JPEG with a line of text, drawn
 * by the browser at high quality (as a scanner app saves them).
 */
async function scannedPdf(page: Page) {
  const pages = await page.evaluate(async () => {
    const encoded: string[] = [];
    for (let n = 1; n <= 2; n += 1) {
      const canvas = document.createElement('canvas');
      canvas.width = 1240;
      canvas.height = 1754;
      const context = canvas.getContext('2d')!;
      const pixels = context.createImageData(canvas.width, canvas.height);
      for (let i = 0; i < pixels.data.length; i += 4) {
        const grain = 215 + Math.floor(Math.random() * 40);
        pixels.data.set([grain, grain, grain - 10, 255], i);
      }
      context.putImageData(pixels, 0, 0);
      context.fillStyle = '#111';
      context.font = '48px serif';
      context.fillText(`Puja committee list, sheet ${n}`, 120, 200);
      const blob = await new Promise<Blob>((resolve) =>
        canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.95),
      );
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      encoded.push(btoa(binary));
    }
    return encoded;
  });
  const pdf = await PDFDocument.create();
  for (const base64 of pages) {
    const picture = await pdf.embedJpg(Buffer.from(base64, 'base64'));
    pdf.addPage([595.28, 841.89]).drawImage(picture, { x: 0, y: 0, width: 595.28, height: 841.89 });
  }
  return {
    name: 'committee-scan.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(await pdf.save()),
  };
}

for (const lang of ['en', 'bn'] as const) {
  test(`a club photographs a three-page budget and makes a scan smaller (${lang}, 360 px)`, async ({
    page,
    registerClubAccount,
    audit,
    asStaff,
  }) => {
    // Photos shrunk and a scan drawn page by page on a loaded two-core machine.
    test.setTimeout(180_000);
    const text = TEXTS[lang];
    const account = await registerClubAccount();
    await openApplyForm(page, account, lang);
    const budget = page
      .locator('[data-upload-state]')
      .filter({ has: page.getByLabel(text.budget, { exact: true }) });
    for (const sheet of sheets) await budget.getByLabel(text.add).setInputFiles(sheet);
    const list = budget.getByRole('list');
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expect(list.getByText(text.uploaded, { exact: false })).toHaveCount(3, {
      timeout: 30_000,
    });
    await expect(page.getByRole('status').filter({ hasText: text.three })).toBeVisible();
    await screenShot(page, list, `${lang}-pages-three-360`);
    await audit(page, `${lang}-pages-three`);

    // The third sheet goes up one place, the first is removed: two pages stay, in that order.
    const sizes = async () =>
      (
        await list
          .getByRole('listitem')
          .evaluateAll((items) => items.map((item) => (item as HTMLElement).innerText))
      ).map((item) => /(?:^|\s)([\d০-৯.]+ (?:KB|MB|কেবি|এমবি))/.exec(item)?.[1]);
    const [first, second, third] = await sizes();
    await page.getByRole('button', { name: text.moveUp(3) }).click();
    await page.getByRole('button', { name: text.remove(1) }).click();
    await expect(list.getByRole('listitem')).toHaveCount(2);
    expect(await sizes()).toEqual([third, second]);
    expect(first).not.toBe(third);

    // A reload keeps them, in the same order.
    await page.reload();
    await expect(list.getByRole('listitem')).toHaveCount(2);
    expect(await sizes()).toEqual([third, second]);

    // A scanned PDF over 1 MB: offered smaller, with both sizes and page 1.
    const scan = await scannedPdf(page);
    expect(scan.buffer.length).toBeGreaterThan(1024 * 1024);
    await page.getByLabel(text.committee, { exact: true }).setInputFiles(scan);
    const accept = page.getByRole('button', { name: text.smaller });
    await expect(accept).toBeVisible({ timeout: 30_000 });
    await screenShot(page, accept, `${lang}-pdf-make-smaller-360`);
    await audit(page, `${lang}-pdf-make-smaller`);
    await accept.click();
    const committee = page
      .locator('[data-upload-state]')
      .filter({ has: page.getByLabel(text.committee, { exact: true }) });
    await expect(committee).toHaveAttribute('data-upload-state', 'done', { timeout: 30_000 });
    if (lang === 'bn') return;

    // Submitted: the reviewer opens one PDF of the budget, its pages in the order the club set.
    await page.getByLabel('Puja Location Ward No.').selectOption('5');
    await page.getByLabel('Puja Location Address').fill('Lake Road');
    for (const who of [
      'Club President',
      'Club Secretary',
      'Puja Committee President',
      'Puja Committee Secretary',
    ]) {
      await page.getByLabel(`${who} Name`).fill('Amit Das');
      await page.getByLabel(`${who} Phone`).fill('9830000001');
    }
    for (const label of [
      'Holding / Khatian / Land Deed',
      'Chairman Application',
      'Previous Year S.D.O Permission',
    ]) {
      await page
        .getByLabel(label, { exact: true })
        .setInputFiles({ name: 'doc.pdf', mimeType: 'application/pdf', buffer: DEMO_PDF });
    }
    await page.getByRole('button', { name: 'Submit and Next' }).click();
    await expect(
      page.getByText('Application submitted! Please proceed to the next step.'),
    ).toBeVisible({ timeout: 30_000 });
    const path = await asStaff('store', async () => {
      const mine = (await listApplications()).find((one) => one.club_id === account.clubId);
      return mine?.puja_budget ?? '';
    });
    const answer = await page.request.get(documentUrl(path));
    const built = await PDFDocument.load(await answer.body());
    // Each page's picture, by its width: sheet 3 (900 px wide), then sheet 2 (1,000 px).
    const widths = built.getPages().map((one) => {
      const pictures = one.node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
      const [, ref] = pictures.entries()[0]!;
      const picture = built.context.lookup(ref as PDFRef);
      if (!(picture instanceof PDFStream)) return 0;
      return picture.dict.lookup(PDFName.of('Width'), PDFNumber).asNumber();
    });
    expect(widths).toEqual([900, 1000]);
  });
}
