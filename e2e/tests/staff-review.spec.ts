import { reuploadDocument } from '@puja/api-client';
import { readFile } from 'node:fs/promises';
import * as XLSX from 'xlsx';
import { DEMO_PDF, expect, test } from '../support/fixtures';
import { asClub } from '../support/api';
import { mailsTo } from '../support/mail';
import { acknowledgedApplication, staffLogin } from '../support/staff';

test('store reviews in order and rejects with a reason; the club re-uploads; the chairman issues; Issued NOCs exports it', async ({
  page,
  browser,
  urls,
  registerClubAccount,
  shot,
}) => {
  // The desk's whole journey, two clubs' setup included, on a shared two-core machine.
  test.setTimeout(120_000);
  const app = await acknowledgedApplication(urls.api, registerClubAccount);
  const unacknowledged = await acknowledgedApplication(urls.api, registerClubAccount, {
    acknowledge: false,
  });

  // —— store: an application without its acknowledgement is under its own tab, with the phone ——
  await staffLogin(page, 'store');
  await page.goto(`/admin/noc-applications?q=${encodeURIComponent(unacknowledged.clubName)}`);
  await expect(page.getByTestId('result-count')).toHaveText('0 applications');
  await page.getByRole('tab', { name: 'Awaiting acknowledgement' }).click();
  const waitingCard = page.getByRole('article').filter({ hasText: unacknowledged.clubName });
  await expect(waitingCard).toContainText(/Submitted: \d\d\/\d\d\/\d{4}/);
  await expect(waitingCard.getByRole('link', { name: '9830012345' })).toHaveAttribute(
    'href',
    'tel:9830012345',
  );
  await expect(page.getByTestId('result-count')).toHaveText('1 application');
  await shot(page, 'applications-awaiting-acknowledgement');

  // —— store: the list finds it, the detail reviews in order ——
  await page.goto(`/admin/noc-applications?tab=pending&q=${encodeURIComponent(app.clubName)}`);
  await expect(page.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Chairman Review' })).toHaveCount(0);
  await shot(page, 'applications-list');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Search by club name' })).toHaveValue(
    app.clubName,
  );
  await page.getByRole('link', { name: app.clubName }).click();
  await expect(page.getByRole('heading', { name: app.clubName })).toBeVisible();

  const step = (doc: string) => page.getByTestId(`step-${doc}`);
  // SPEC §4: a later step waits until the earlier one is approved, and says so.
  await expect(step('certificate').getByRole('button', { name: /Approve/ })).toHaveCount(0);
  await expect(step('certificate')).toContainText('Waits for the chairman application.');
  await step('acknowledgement').getByRole('button', { name: 'View' }).click();
  await expect(page.locator('iframe[title="Acknowledgement"]')).toBeVisible();
  await shot(page, 'application-detail');

  await step('acknowledgement')
    .getByRole('button', { name: /Approve/ })
    .click();
  await expect(page.getByText('Document approved successfully!')).toBeVisible();
  await expect(step('acknowledgement').getByText('Approved')).toBeVisible();
  // The keyboard: A approves the step whose turn it is.
  await expect(
    step('chairman_application_certificate').getByRole('button', { name: /Approve/ }),
  ).toBeEnabled();
  await page.keyboard.press('a');
  // Not opened yet: the desk asks once before approving it unseen.
  const unopened = page.getByRole('dialog', { name: 'Approve without opening?' });
  await expect(unopened).toContainText('You have not opened the Chairman Application yet.');
  await shot(page, 'approve-unopened-dialog');
  await unopened.getByRole('button', { name: 'Approve without opening' }).click();
  await expect(step('chairman_application_certificate').getByText('Approved')).toBeVisible();

  // Reject the certificate: the reason dialog's confirm is disabled while empty.
  await step('certificate').getByRole('button', { name: 'View' }).click();
  await expect(page.getByRole('img', { name: 'Previous Year S.D.O Permission' })).toBeVisible();
  await page.getByRole('button', { name: 'Rotate' }).click();
  await page.keyboard.press('r');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Reject' })).toBeDisabled();
  await dialog.getByLabel('Rejection reason').fill('The SDO stamp is not readable.');
  await shot(page, 'reject-dialog');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Document rejected successfully!')).toBeVisible();
  await expect(step('certificate').getByText('The SDO stamp is not readable.')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'The SDO stamp is not readable.' })).toBeVisible();

  // The club is e-mailed (the stack's outbox): which document, why, and where to re-upload.
  await expect
    .poll(async () => (await mailsTo(app.account.email)).map((mail) => mail.subject))
    .toContain(
      `Previous Year S.D.O Permission rejected: Application No ${app.regNo.padStart(2, '0')}`,
    );
  const rejectionMail = (await mailsTo(app.account.email)).find((mail) =>
    mail.subject.startsWith('Previous Year S.D.O Permission rejected'),
  );
  expect(rejectionMail?.body).toContain('Reason: The SDO stamp is not readable.');
  expect(rejectionMail?.body).toContain(`${urls.club}/club/dashboard`);
  // The history says so: every step that owed a mail shows it sent.
  await page.reload();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('columnheader', { name: 'E-mail to club' })).toBeVisible();
  await expect(
    history.getByRole('row').filter({ hasText: 'The SDO stamp is not readable.' }),
  ).toContainText(/Sent \d\d\/\d\d\/\d{4}/);
  await shot(page, 'application-history');

  // —— the club re-uploads (through api-client) ——
  await asClub(urls.api, app.account, () =>
    reuploadDocument({
      id: app.id,
      doc: 'certificate',
      file: new Blob([new Uint8Array(DEMO_PDF)], { type: 'application/pdf' }),
    }),
  );

  // —— store again, from the Document Review Panel ——
  await page.goto('/admin/store/review');
  await expect(page.getByRole('heading', { name: 'Document Review Panel' })).toBeVisible();
  // Every step has its column; the acknowledgement's and the chairman application's too.
  for (const header of ['Acknowledgement', 'Chairman Application', 'Final decision']) {
    await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
  }
  // Opened from the row first, the re-uploaded certificate is approved without a question.
  const [opened] = await Promise.all([
    page.waitForEvent('popup'),
    page
      .getByRole('link', { name: `View: Previous Year S.D.O Permission, ${app.clubName}` })
      .click(),
  ]);
  await opened.close();
  await page
    .getByRole('button', { name: `Approve Previous Year S.D.O Permission ${app.clubName}` })
    .click();
  await expect(page.getByText('Document approved successfully!').first()).toBeVisible();
  await page.getByRole('button', { name: `Approve Land Agreement ${app.clubName}` }).click();
  await page
    .getByRole('dialog', { name: 'Approve without opening?' })
    .getByRole('button', { name: 'Approve without opening' })
    .click();
  await expect(
    page.getByRole('button', { name: `Approve Land Agreement ${app.clubName}` }),
  ).toHaveCount(0);
  await shot(page, 'document-review-panel');

  // —— chairman: Chairman Final Review, then the detail shows the disabled Approved ——
  const chairmanContext = await browser.newContext({
    baseURL: urls.staff,
    viewport: { width: 1280, height: 800 },
  });
  const chairman = await chairmanContext.newPage();
  await staffLogin(chairman, 'chairman');
  await chairman.goto('/admin/chairman/review');
  await expect(chairman.getByRole('heading', { name: 'Chairman Final Review' })).toBeVisible();
  await shot(chairman, 'chairman-review-panel');
  await chairman.getByRole('button', { name: `Approve ${app.clubName}` }).click();
  // The chairman confirms before issuing: the dialog names the club and the certificate.
  const confirm = chairman.getByRole('dialog', { name: `Issue the NOC to ${app.clubName}?` });
  await expect(confirm).toContainText('a legal document the club can print at once');
  await shot(chairman, 'chairman-confirm-issue');
  await confirm.getByRole('button', { name: 'Yes, issue the NOC' }).click();
  await expect(chairman.getByText('Decision submitted successfully!')).toBeVisible();
  await chairman.goto(`/admin/noc-applications/${app.id}`);
  await expect(chairman.getByRole('button', { name: 'Approved' })).toBeDisabled();
  await shot(chairman, 'application-final-approved');
  // The history links both versions of the re-uploaded certificate; each opens its own file.
  const chairmanHistory = chairman.getByRole('region', { name: 'History' });
  const version = (n: number) =>
    chairmanHistory.getByRole('link', {
      name: `Previous Year S.D.O Permission: Open version ${n}`,
    });
  await expect(version(1)).toBeVisible();
  for (const [n, type] of [
    [1, 'image/png'],
    [2, 'application/pdf'],
  ] as const) {
    const opened = await chairman.request.get((await version(n).getAttribute('href'))!);
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-type']).toBe(type);
  }
  await version(1).focus();
  await expect(version(1)).toBeFocused();
  await shot(chairman, 'application-history-versions');

  // —— Issued NOCs: the right memo number, the export read back, the certificate ——
  await chairman.goto('/admin/issued-noc');
  await chairman
    .getByRole('textbox', { name: 'Search by Club, Reg No, Memo...' })
    .fill(app.clubName);
  const memo = `${app.regNo.slice(-2).padStart(2, '0')}/DURGAPUJA/2025`;
  await expect(chairman.getByRole('cell', { name: memo })).toBeVisible();
  await shot(chairman, 'issued-nocs');
  const [download] = await Promise.all([
    chairman.waitForEvent('download'),
    chairman.getByRole('button', { name: 'Export to Excel' }).click(),
  ]);
  // Named for the season shown, the application's own (the stack's 2025), not the calendar year.
  expect(download.suggestedFilename()).toBe('Issued_NOCs_2025.xlsx');
  const book = XLSX.read(await readFile((await download.path())!));
  expect(book.SheetNames).toEqual(['IssuedNOCs']);
  const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets.IssuedNOCs!, { header: 1 });
  expect(rows[0]).toEqual([
    'Reg No',
    'Club Name',
    'Club Address',
    'Club Ward No',
    'Puja Address',
    'Puja Ward No',
    'Memo Number',
    'Approved Date',
  ]);
  expect(rows.slice(1)).toEqual([expect.arrayContaining([app.clubName, memo])]);
  await chairman.getByRole('button', { name: `Print Certificate ${app.clubName}` }).click();
  await expect(chairman.getByRole('article', { name: 'No Objection Certificate' })).toContainText(
    memo,
  );
  await shot(chairman, 'certificate');
  await chairmanContext.close();
});
