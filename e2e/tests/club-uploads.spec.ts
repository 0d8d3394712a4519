// Documents upload the moment they are chosen (tus under /uploads/, decision 0030): per-file
// states (in English and বাংলা, kept as 360 px screenshots), pause while offline and resume from
// the last byte, resume after a reload, a refused kind named in its own field before anything is
// sent, and the single multipart call against a host without /uploads/.
import { join } from 'node:path';
import type { Page, Request } from '@playwright/test';
import { ARTIFACTS_DIR, expect, test } from '../support/fixtures';

/** The phone's screen around a document field (what the club sees), kept to look at. */
async function fieldShot(page: Page, label: string, name: string) {
  await page
    .getByLabel(label, { exact: true })
    .evaluate((input) => input.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: join(ARTIFACTS_DIR, 'screenshots', 'club', `${name}.png`) });
}

/** A valid PDF of about `size` bytes (comment bytes after the header). */
const pdfOf = (name: string, size: number) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.concat([
    Buffer.from('%PDF-1.4\n'),
    Buffer.alloc(size, '%'),
    Buffer.from('\n%%EOF\n'),
  ]),
});

async function openApplyForm(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('link', { name: 'Apply for 2025 Durga puja NOC' }).click();
  await expect(page.getByLabel('Puja Budget')).toBeVisible();
}

/** Uploads slower than a phone's (bytes per second up), so a test can act mid-file. */
async function slowUpload(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 50,
    downloadThroughput: 1_000_000,
    uploadThroughput: bytesPerSecond,
  });
  return cdp;
}

/** The Upload-Offset of every PATCH the page sends to /uploads/. */
function patchOffsets(page: Page): number[] {
  const offsets: number[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'PATCH' && request.url().includes('/uploads/')) {
      offsets.push(Number(request.headers()['upload-offset'] ?? -1));
    }
  });
  return offsets;
}

/** The address of every upload the page PATCHes. */
function patchUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'PATCH' && request.url().includes('/uploads/'))
      urls.push(request.url());
  });
  return urls;
}

/** How many bytes of the page's first upload the server has stored (tus HEAD), 0 before any. */
async function serverOffset(page: Page, urls: readonly string[]): Promise<number> {
  const url = urls[0];
  if (url === undefined) return 0;
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('user') ?? '{}') as { token?: string }).token ?? '',
  );
  const answer = await page.request.head(url, {
    headers: { 'Tus-Resumable': '1.0.0', authorization: `Bearer ${token}` },
  });
  return Number(answer.headers()['upload-offset'] ?? 0);
}

test.describe('documents upload while the club types', () => {
  test('pauses offline and resumes from the last byte; every state shown at 360 px', async ({
    page,
    registerClubAccount,
  }) => {
    const account = await registerClubAccount();
    await openApplyForm(page, account);
    const offsets = patchOffsets(page);
    const uploadUrls = patchUrls(page);
    await slowUpload(page, 40_000);
    await page.getByLabel('Puja Budget').setInputFiles(pdfOf('budget.pdf', 400_000));
    const budget = page
      .locator('[data-upload-state]')
      .filter({ has: page.getByLabel('Puja Budget') });
    await expect(budget).toHaveAttribute('data-upload-state', 'uploading');
    await expect(budget.getByText(/^Uploading \d+ KB of 391 KB \(\d+%\)$/)).toBeVisible();
    await expect(budget.getByText(/\((?:[1-9]\d?)%\)$/)).toBeVisible({ timeout: 20_000 });
    await fieldShot(page, 'Puja Budget', 'upload-uploading-360');
    // Some bytes are stored on the server (its own Upload-Offset, not the browser's count of
    // bytes handed to the network) before the connection goes.
    await expect.poll(() => serverOffset(page, uploadUrls), { timeout: 20_000 }).toBeGreaterThan(0);

    await page.context().setOffline(true);
    await expect(budget).toHaveAttribute('data-upload-state', 'paused');
    await expect(budget.getByText('Paused: no connection.', { exact: false })).toBeVisible();
    await fieldShot(page, 'Puja Budget', 'upload-paused-offline-360');

    await page.context().setOffline(false);
    await expect(budget).toHaveAttribute('data-upload-state', 'done', { timeout: 30_000 });
    await expect(budget.getByText('Uploaded: budget.pdf (391 KB)')).toBeVisible();
    await fieldShot(page, 'Puja Budget', 'upload-done-360');
    // The upload went on from where the server had got to, not from the first byte.
    expect(offsets[0]).toBe(0);
    expect(Math.max(...offsets)).toBeGreaterThan(0);
  });

  test('resumes an unfinished upload after a reload, from the last byte', async ({
    page,
    registerClubAccount,
  }) => {
    const account = await registerClubAccount();
    await openApplyForm(page, account);
    await slowUpload(page, 40_000);
    await page.getByLabel('Puja Committee List').setInputFiles(pdfOf('committee.pdf', 400_000));
    const slot = page
      .locator('[data-upload-state]')
      .filter({ has: page.getByLabel('Puja Committee List') });
    // A good part is on the server before the page goes.
    await expect(slot.getByText(/\((?:[3-9]\d)%\)$/)).toBeVisible({ timeout: 30_000 });
    const offsets = patchOffsets(page);
    const asked: { method: string; offset: number }[] = [];
    page.on('response', (response) => {
      if (!response.url().includes('/uploads/')) return;
      asked.push({
        method: response.request().method(),
        offset: Number(response.headers()['upload-offset'] ?? -1),
      });
    });
    await page.reload();
    await slowUpload(page, 400_000);
    const again = page
      .locator('[data-upload-state]')
      .filter({ has: page.getByLabel('Puja Committee List') });
    await expect(again).toHaveAttribute('data-upload-state', 'done', { timeout: 30_000 });
    await expect(again.getByText('Uploaded: committee.pdf (391 KB)')).toBeVisible();
    // The same upload, asked how far it got, then sent on from there: never created again.
    expect(asked.map(({ method }) => method)).not.toContain('POST');
    const head = asked.find(({ method }) => method === 'HEAD');
    expect(head?.offset).toBeGreaterThan(0);
    expect(offsets[0]).toBe(head?.offset);
  });

  test('names a refused kind in its own field before anything is sent', async ({
    page,
    registerClubAccount,
  }) => {
    const account = await registerClubAccount();
    await openApplyForm(page, account);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/uploads/') && request.method() !== 'OPTIONS') {
        sent.push(request.method());
      }
    });
    await page.getByLabel('Puja Budget').setInputFiles({
      name: 'budget.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([Buffer.from('MZ\x90\x00\x03'), Buffer.alloc(2000)]),
    });
    const message =
      'budget.pdf was not accepted. Only images (JPEG, PNG, WebP) or PDF files are allowed.';
    await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByLabel('Puja Budget')).toHaveAttribute('aria-invalid', 'true');
    // Named in its own field only: the other documents say nothing.
    await expect(page.getByText('was not accepted')).toHaveCount(1);
    await fieldShot(page, 'Puja Budget', 'upload-refused-360');
    expect(sent).toEqual([]);
  });

  test('shows every state in বাংলা at 360 px: uploading, refused, paused offline, done', async ({
    page,
    registerClubAccount,
  }) => {
    const account = await registerClubAccount();
    await page.goto('/login');
    await page
      .getByRole('group', { name: 'Language' })
      .getByRole('button', { name: 'বাংলা' })
      .click();
    await page.getByLabel('ইমেল').fill(account.email);
    await page.getByLabel('পাসওয়ার্ড').fill(account.password);
    await page.getByRole('button', { name: 'লগইন', exact: true }).click();
    await page.waitForURL('**/club/dashboard');
    await page.goto('/club/apply-noc');
    await expect(page.getByLabel('পূজার বাজেট')).toBeVisible();
    await slowUpload(page, 40_000);
    await page.getByLabel('পূজার বাজেট').setInputFiles(pdfOf('budget.pdf', 400_000));
    const budget = page
      .locator('[data-upload-state]')
      .filter({ has: page.getByLabel('পূজার বাজেট') });
    await expect(budget).toHaveAttribute('data-upload-state', 'uploading');
    // Sizes and percent in Bengali digits.
    await expect(
      budget.getByText(/^৩৯১ কেবি-এর মধ্যে [০-৯]+ কেবি আপলোড হয়েছে \([০-৯]+%\)$/),
    ).toBeVisible();
    await expect(budget.getByText(/\((?:[১-৯][০-৯]?)%\)$/)).toBeVisible({ timeout: 20_000 });
    await fieldShot(page, 'পূজার বাজেট', 'bn-upload-uploading-360');

    await page.getByLabel('পূজা কমিটির তালিকা').setInputFiles({
      name: 'committee.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([Buffer.from('MZ\x90\x00\x03'), Buffer.alloc(2000)]),
    });
    await expect(
      page.getByText(
        'committee.pdf গ্রহণ করা হয়নি। কেবল ছবি (JPEG, PNG, WebP) বা PDF ফাইল দেওয়া যাবে।',
      ),
    ).toBeVisible();
    // The chooser speaks Bengali (the browser's own input would say "Choose File"), and the
    // refused file is let go: the field has no file, so choosing it again counts.
    const committee = page
      .locator('[data-upload-state]')
      .filter({ has: page.getByLabel('পূজা কমিটির তালিকা') });
    await expect(committee.getByText('ফাইল বেছে নিন')).toBeVisible();
    await expect(committee.getByText('কোনো ফাইল নেই')).toBeVisible();
    await expect(page.getByLabel('পূজা কমিটির তালিকা')).toHaveValue('');
    await expect(budget.getByText('budget.pdf', { exact: true })).toBeVisible();
    await fieldShot(page, 'পূজা কমিটির তালিকা', 'bn-upload-refused-360');

    await page.context().setOffline(true);
    await expect(budget).toHaveAttribute('data-upload-state', 'paused');
    await expect(budget.getByText('থেমে আছে: সংযোগ নেই।', { exact: false })).toBeVisible();
    await fieldShot(page, 'পূজার বাজেট', 'bn-upload-paused-offline-360');

    await page.context().setOffline(false);
    await expect(budget).toHaveAttribute('data-upload-state', 'done', { timeout: 30_000 });
    await expect(budget.getByText('আপলোড হয়েছে: budget.pdf (৩৯১ কেবি)')).toBeVisible();
    await fieldShot(page, 'পূজার বাজেট', 'bn-upload-done-360');
  });

  test('falls back to the one multipart call on a host without /uploads/', async ({
    page,
    registerClubAccount,
  }) => {
    const account = await registerClubAccount();
    // The host answers /uploads/ as a PHP host does: not found.
    await page.route('**/uploads/**', (route) =>
      route.fulfill({ status: 404, contentType: 'text/html', body: 'Not Found' }),
    );
    await openApplyForm(page, account);
    await page.getByLabel('Puja Location Ward No.').selectOption('5');
    await page.getByLabel('Puja Location Address').fill('Lake Road');
    for (const [who, name] of [
      ['Club President', 'Amit'],
      ['Club Secretary', 'Bina'],
      ['Puja Committee President', 'Chandan'],
      ['Puja Committee Secretary', 'Dipa'],
    ] as const) {
      await page.getByLabel(`${who} Name`).fill(name);
      await page.getByLabel(`${who} Phone`).fill('9830000001');
    }
    const pickers = await page.locator('input[type="file"]').all();
    expect(pickers).toHaveLength(5);
    for (const [i, picker] of pickers.entries()) {
      await picker.setInputFiles(pdfOf(`document-${i + 1}.pdf`, 300_000));
    }
    await expect(page.getByText(/^Chosen: /)).toHaveCount(5);
    await slowUpload(page, 400_000);
    let multipart = 0;
    page.on('request', (request) => {
      if (
        request.url().endsWith('/apply-for-noc.php') &&
        (request.headers()['content-type'] ?? '').startsWith('multipart/form-data')
      ) {
        multipart += 1;
      }
    });
    const submit = page.getByRole('button', { name: 'Submit and Next' });
    await submit.click();
    // The whole request's progress, with the button disabled while it runs.
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    await expect(submit).toBeDisabled();
    await expect(
      page.getByText('Application submitted! Please proceed to the next step.'),
    ).toBeVisible({ timeout: 30_000 });
    expect(multipart).toBe(1);
  });
});
