import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { decideFinal, listApplications, updateDocumentStatus } from '@puja/api-client';
import { formatDate, memoNumberOf, REVIEW_DOCUMENTS } from '@puja/domain';
import { printCount, printedPageCount, recordPrints } from '../support/club';
import { ARTIFACTS_DIR, expect, test } from '../support/fixtures';
import { clubLogin, clubPhone, staffDesk } from '../support/lifecycle';
import { readPrintedQr } from '../support/qr';
import { acknowledgedApplication, staffLogin } from '../support/staff';

/**
 * Issue 12: a certificate anyone can verify. The club prints its certificate; the QR code read
 * off the printed page opens the club portal's public verify page (no login), which says VALID
 * with the certificate's facts; the QR code on the certificate printed from Issued NOCs leads to
 * the same address. The chairman then withdraws the approval, and the same address says NOT
 * VALID. Every verify screen is audited and shot at 360 and 1280 px.
 */
test('a printed certificate verifies by its QR code until the chairman withdraws the approval', async ({
  browser,
  urls,
  shot,
  audit,
  asStaff,
  registerClubAccount,
}) => {
  test.setTimeout(180_000);
  const app = await acknowledgedApplication(urls.api, registerClubAccount);
  await asStaff('store', async () => {
    for (const doc of REVIEW_DOCUMENTS) {
      await updateDocumentStatus({ id: app.id, doc, decision: 'approve' });
    }
  });
  await asStaff('chairman', () => decideFinal({ id: app.id, decision: 'approve' }));
  const issued = await asStaff('admin', async () =>
    (await listApplications()).find((a) => a.id === app.id),
  );
  const code = issued?.verification_code ?? '';
  expect(code).toMatch(/^[0-9A-Z]{26}$/);
  const verifyAddress = `${urls.club}/verify/${code}`;

  // —— The club prints its certificate; the QR code is read off the printed page ——
  const clubContext = await clubPhone(browser, urls);
  const club = await clubContext.newPage();
  await recordPrints(club);
  await clubLogin(club, app.account);
  await club.goto('/club/print-certificate');
  const letter = club.getByRole('article', { name: 'No Objection Certificate' });
  await expect(letter).toContainText(`Verification code: ${code}`);
  await expect(
    letter.getByRole('img', { name: 'QR code of the verification address' }),
  ).toBeVisible();
  await expect.poll(() => printCount(club)).toBe(1);
  const printed = await readPrintedQr(club);
  await writeFile(
    join(ARTIFACTS_DIR, 'screenshots', 'lifecycle', 'verify-printed-certificate.png'),
    printed.png,
  );
  expect(printed.text).toBe(verifyAddress);
  expect(await printedPageCount(club)).toBe(1);

  // —— Anyone opens the decoded address on a phone, without logging in ——
  const publicContext = await clubPhone(browser, urls);
  const passerby = await publicContext.newPage();
  await passerby.goto(printed.text!);
  const verdict = passerby.getByRole('main').getByRole('status');
  await expect(verdict).toContainText('VALID');
  await expect(verdict).not.toContainText('NOT VALID');
  const facts = passerby.locator('main dl');
  for (const value of [
    app.clubName,
    memoNumberOf(issued!),
    formatDate(issued!.chairman_approved_date),
    'Deshapriya Park',
  ]) {
    await expect(facts).toContainText(value);
  }
  await expect(passerby.getByText(`Code: ${code}`)).toBeVisible();
  await audit(passerby, 'verify-valid');
  await shot(passerby, 'verify-valid-360');
  await passerby.setViewportSize({ width: 1280, height: 800 });
  await shot(passerby, 'verify-valid-1280');
  await passerby.setViewportSize({ width: 360, height: 800 });

  // —— Typed off the paper (lower case, with spaces) it verifies too ——
  await passerby.getByRole('link', { name: 'Check another code' }).click();
  await expect(passerby.getByRole('heading', { name: 'Verify a NOC Certificate' })).toBeVisible();
  await audit(passerby, 'verify-form');
  await shot(passerby, 'verify-form-360');
  const typed = code
    .toLowerCase()
    .replace(/(.{5})/g, '$1 ')
    .trim();
  await passerby.getByLabel('Verification code').fill(typed);
  await passerby.getByRole('button', { name: 'Verify' }).click();
  await expect(passerby).toHaveURL(verifyAddress);
  await expect(verdict).toContainText('This certificate was issued by the municipality');

  // —— Issued NOCs prints the same QR code ——
  const staffContext = await staffDesk(browser, urls);
  const chairman = await staffContext.newPage();
  await staffLogin(chairman, 'chairman');
  await chairman.goto('/admin/issued-noc');
  await chairman
    .getByRole('textbox', { name: 'Search by Club, Reg No, Memo...' })
    .fill(app.clubName);
  await chairman.getByRole('button', { name: `Print Certificate ${app.clubName}` }).click();
  const staffLetter = chairman.getByRole('article', { name: 'No Objection Certificate' });
  await expect(staffLetter).toContainText(`Verification code: ${code}`);
  const staffPrinted = await readPrintedQr(chairman);
  await writeFile(
    join(ARTIFACTS_DIR, 'screenshots', 'lifecycle', 'verify-staff-certificate.png'),
    staffPrinted.png,
  );
  expect(staffPrinted.text).toBe(verifyAddress);
  // The sheet prints whole on one A4 page, not clipped to the dialog.
  expect(await printedPageCount(chairman)).toBe(1);
  await chairman.keyboard.press('Escape');

  // —— The chairman withdraws the approval: the same address says NOT VALID ——
  await chairman.goto(`/admin/noc-applications/${app.id}`);
  const finalReview = chairman.getByRole('region', { name: 'Final Chairman Review' });
  await expect(finalReview.getByRole('button', { name: 'Approved' })).toBeDisabled();
  await finalReview.getByRole('button', { name: 'Reject' }).click();
  // Withdrawing says what it does to the certificate before anything is sent.
  const dialog = chairman.getByRole('dialog', { name: /^Withdraw the NOC of / });
  await expect(dialog).toContainText('its verification code will stop verifying');
  await dialog.getByLabel('Rejection reason').fill('The land agreement was found forged.');
  await dialog.getByRole('button', { name: 'Yes, withdraw the NOC' }).click();
  await expect(finalReview.getByRole('button', { name: 'Rejected' })).toBeDisabled();
  await shot(chairman, 'verify-approval-withdrawn');

  await passerby.goto(verifyAddress);
  await expect(verdict).toContainText('NOT VALID');
  await expect(passerby.locator('main dl')).toHaveCount(0);
  await audit(passerby, 'verify-not-valid');
  await shot(passerby, 'verify-not-valid-360');
  await passerby.setViewportSize({ width: 1280, height: 800 });
  await shot(passerby, 'verify-not-valid-1280');

  await clubContext.close();
  await publicContext.close();
  await staffContext.close();
});
