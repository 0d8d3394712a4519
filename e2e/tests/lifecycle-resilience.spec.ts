import { join } from 'node:path';
import { getMyApplication } from '@puja/api-client';
import { asClub, registerClubAccount } from '../support/api';
import { ARTIFACTS_DIR, expect, test } from '../support/fixtures';
import {
  APPLY_TEXT,
  applyByKeyboard,
  chooseApplyFiles,
  clubLogin,
  clubPhone,
  typeApplyFields,
} from '../support/lifecycle';
import { startStack } from '../support/stack';

test('the API restarting while the club fills the apply form costs it nothing it typed', async ({
  browser,
  audit,
  shot,
}) => {
  test.setTimeout(120_000);
  // A stack of its own, so restarting its API disturbs no other journey.
  const stack = await startStack();
  try {
    const urls = { api: stack.apiUrl, club: stack.clubUrl, staff: stack.staffUrl };
    const account = await registerClubAccount(urls.api, stack.dataDir);
    const context = await clubPhone(browser, urls);
    const page = await context.newPage();
    await clubLogin(page, account);
    await page.getByRole('link', { name: 'Apply for 2025 Durga puja NOC' }).click();
    const half = Math.ceil(APPLY_TEXT.length / 2);
    await typeApplyFields(page, APPLY_TEXT.slice(0, half));
    await page.getByLabel('Puja Location Ward No.').selectOption('9');

    await stack.restartApi();

    await typeApplyFields(page, APPLY_TEXT.slice(half));
    for (const [label, value] of APPLY_TEXT) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
    }
    await chooseApplyFiles(page);
    await audit(page, 'club-apply-after-restart');
    await page.getByRole('button', { name: 'Submit and Next' }).click();
    await expect(
      page.getByText('Application submitted! Please proceed to the next step.'),
    ).toBeVisible();
    await shot(page, 'resilience-submitted-after-restart');

    // Everything typed reached the server, on the same data as before the restart.
    const stored = await asClub(urls.api, account, (session) =>
      getMyApplication({ club_id: session.club_id }),
    );
    expect(stored).toMatchObject({
      puja_location_ward_no: 9,
      puja_location_address: 'Deshapriya Park, Kolkata',
      club_president_name: 'Amit Sen',
      puja_secretary_phone: '9830000004',
    });
    await context.close();
  } finally {
    await stack.stop();
  }
});

test('an upload cut by the API dying mid-file goes on from the last byte the server kept', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // A stack of its own, so killing its API disturbs no other journey.
  const stack = await startStack();
  try {
    const urls = { api: stack.apiUrl, club: stack.clubUrl, staff: stack.staffUrl };
    const account = await registerClubAccount(urls.api, stack.dataDir);
    const context = await clubPhone(browser, urls);
    const page = await context.newPage();
    await clubLogin(page, account);
    await page.getByRole('link', { name: 'Apply for 2025 Durga puja NOC' }).click();
    // A phone's uplink, slow enough to kill the server mid-file.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 50,
      downloadThroughput: 1_000_000,
      uploadThroughput: 40_000,
    });
    const created: string[] = [];
    const patches: number[] = [];
    page.on('request', (request) => {
      if (!request.url().includes('/uploads/')) return;
      if (request.method() === 'POST') created.push(request.url());
      if (request.method() === 'PATCH') {
        patches.push(Number(request.headers()['upload-offset'] ?? -1));
      }
    });
    let resumedFrom = -1;
    page.on('response', (response) => {
      if (response.url().includes('/uploads/') && response.request().method() === 'HEAD') {
        resumedFrom = Number(response.headers()['upload-offset'] ?? -1);
      }
    });
    const budget = page
      .locator('[data-upload-state]')
      .filter({ has: page.getByLabel('Puja Budget') });
    await page.getByLabel('Puja Budget').setInputFiles({
      name: 'budget.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(400_000, '%')]),
    });
    await expect(budget.getByText(/\((?:[2-9]\d)%\)$/)).toBeVisible({ timeout: 30_000 });

    // The server dies (kill -9) while the phone still thinks it is online: the client tries a few
    // times, then stops with the retry button, keeping what was sent.
    await stack.crashApi(async () => {
      await expect(budget).toHaveAttribute('data-upload-state', 'failed', { timeout: 40_000 });
      await expect(
        budget.getByText('The upload stopped. Check your connection and try again.'),
      ).toBeVisible();
      await budget.evaluate((slot) => slot.scrollIntoView({ block: 'center' }));
      await page.screenshot({
        path: join(ARTIFACTS_DIR, 'screenshots', 'club', 'upload-failed-360.png'),
      });
    });
    const sentBefore = patches.length;
    await budget.getByRole('button', { name: 'Try again' }).click();
    await expect(budget).toHaveAttribute('data-upload-state', 'done', { timeout: 40_000 });
    await expect(budget.getByText('Uploaded: budget.pdf (391 KB)')).toBeVisible();
    // The same upload, asked how far the server got before it died, sent on from there.
    expect(created).toHaveLength(1);
    expect(resumedFrom).toBeGreaterThan(0);
    expect(patches.slice(sentBefore)[0]).toBe(resumedFrom);
    await context.close();
  } finally {
    await stack.stop();
  }
});

test('a club completes the apply form with the keyboard alone', async ({
  browser,
  urls,
  audit,
  shot,
}) => {
  const account = await registerClubAccount(urls.api);
  const context = await clubPhone(browser, urls);
  const page = await context.newPage();
  await clubLogin(page, account);
  await page.getByRole('link', { name: 'Apply for 2025 Durga puja NOC' }).click();
  await expect(page.getByRole('heading', { name: 'Apply for NOC Durga puja 2025' })).toBeVisible();

  const visited = await applyByKeyboard(page);
  // Every field and every file picker was reached by Tab, in the form's order.
  for (const label of ['Puja Location Ward No.', ...APPLY_TEXT.map(([l]) => l)]) {
    expect(visited.some((name) => name.startsWith(label))).toBe(true);
  }
  await expect(
    page.getByText('Application submitted! Please proceed to the next step.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Action Required' })).toBeVisible();
  await audit(page, 'club-dashboard-after-keyboard-apply');
  await shot(page, 'keyboard-apply-submitted');
  const stored = await asClub(urls.api, account, (session) =>
    getMyApplication({ club_id: session.club_id }),
  );
  expect(stored).toMatchObject({
    puja_location_ward_no: 9,
    land_type: 'own',
    club_secrety_name: 'Bina Roy',
    puja_presient_phone: '9830000003',
  });
  await context.close();
});
