import { readFile } from 'node:fs/promises';
import { listApplications } from '@puja/api-client';
import { calendarDate, formatDate, formatRegNo, memoNumberOf } from '@puja/domain';
import * as XLSX from 'xlsx';
import { printCount, recordPrints } from '../support/club';
import { expect, test } from '../support/fixtures';
import {
  chooseApplyFiles,
  clubPhone,
  pdf,
  staffDesk,
  staffLogout,
  typeApplyFields,
} from '../support/lifecycle';
import { staffLogin } from '../support/staff';
import { confirmationLink } from '../support/mail';

/**
 * The whole season, both sides at once and only through the screens: the admin adds the club,
 * the club registers, applies and sends its signed acknowledgement, the store reviews (one
 * rejection, one re-upload), the chairman issues the NOC, the club prints its certificate and
 * staff export it. Every screen is audited for accessibility in every state the journey passes.
 */
test('a season: from the club being added to its certificate in the Issued NOCs export', async ({
  browser,
  urls,
  shot,
  audit,
  asStaff,
}) => {
  // About 70 audited screens: well over two minutes on a loaded two-core machine.
  test.setTimeout(300_000);
  const clubContext = await clubPhone(browser, urls);
  const staffContext = await staffDesk(browser, urls);
  const club = await clubContext.newPage();
  const staff = await staffContext.newPage();
  await recordPrints(club);
  const clubName = `Season Sangha ${Date.now().toString(36)}`;
  const email = `season-${Date.now().toString(36)}@example.org`;
  const password = 'Club#Pass2025';

  // —— Admin: Official Login, dashboard, Manage Clubs, the new club ——
  await staff.goto('/admin/login');
  await audit(staff, 'staff-login');
  await staffLogin(staff, 'admin');
  await expect(staff.getByTestId('counter-total')).toHaveText(/^\d+$/);
  await audit(staff, 'staff-dashboard-admin');
  await staff.getByRole('link', { name: 'Club' }).click();
  await expect(staff.getByRole('heading', { name: 'Manage Clubs' })).toBeVisible();
  await audit(staff, 'staff-manage-clubs');
  await staff.getByRole('button', { name: 'Add New Club' }).click();
  const addClub = staff.getByRole('dialog', { name: 'Add New Club' });
  await addClub.getByLabel('Club Name').pressSequentially(clubName);
  await audit(staff, 'staff-add-club-dialog');
  await addClub.getByRole('button', { name: 'Save' }).click();
  await expect(staff.getByText('Club added successfully!')).toBeVisible();
  await staff.getByRole('textbox', { name: 'Search by club name' }).fill(clubName);
  await expect(staff.getByRole('cell', { name: clubName, exact: true })).toBeVisible();
  await audit(staff, 'staff-manage-clubs-found');
  await shot(staff, 'season-01-club-added');

  // —— Club: registers choosing the new club in the picker ——
  await club.goto('/');
  await expect(club).toHaveURL(/\/login$/);
  await audit(club, 'club-login');
  await club.getByRole('button', { name: 'Menu' }).click();
  await club.locator('#site-drawer').getByRole('link', { name: 'Register Club' }).click();
  await expect(club.getByRole('heading', { name: 'Club Registration' })).toBeVisible();
  await audit(club, 'club-register');
  const picker = club.getByRole('combobox', { name: 'Club Name' });
  await picker.pressSequentially(clubName.slice(7, 18).toLowerCase());
  await picker.press('ArrowDown');
  await expect(club.getByRole('option', { name: clubName })).toBeVisible();
  await audit(club, 'club-register-picker');
  await club.getByRole('option', { name: clubName }).click();
  await expect(picker).toHaveValue(clubName);
  await club.getByLabel('Email').pressSequentially(email);
  await club.getByLabel('Phone').pressSequentially('9830012345');
  await club.getByLabel('Full Address').pressSequentially('12 Rashbehari Avenue, Kolkata');
  await club.getByLabel('Ward No.').selectOption('7');
  await club.getByLabel('Password').pressSequentially(password);
  await shot(club, 'season-02-register');
  await club.getByRole('button', { name: 'Register Now' }).click();
  // The club opens the link mailed to it (decision 0028), then logs in.
  await expect(club.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await audit(club, 'club-register-check-email');
  await club.goto(await confirmationLink(email));
  await expect(club.getByText('Your registration is confirmed. You can now log in.')).toBeVisible();
  await audit(club, 'club-register-confirmed');
  await club.getByRole('link', { name: 'Go to login' }).click();
  await expect(club).toHaveURL(/\/login$/);
  await audit(club, 'club-login-registered');

  // —— Club: logs in, applies with five files ——
  await club.getByLabel('Email').pressSequentially(email);
  await club.getByLabel('Password').pressSequentially(password);
  await club.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(club).toHaveURL(/\/club\/dashboard$/);
  await expect(club.getByRole('heading', { name: 'No Application Found' })).toBeVisible();
  await audit(club, 'club-dashboard-no-application');
  await club.getByRole('link', { name: 'Apply for 2025 Durga puja NOC' }).click();
  await expect(club.getByRole('heading', { name: 'Apply for NOC Durga puja 2025' })).toBeVisible();
  await audit(club, 'club-apply-empty');
  await club.getByRole('button', { name: 'Submit and Next' }).click();
  await expect(club.getByRole('alert').getByRole('heading')).toHaveText(
    'Please fill all fields and upload all 5 documents.',
  );
  await audit(club, 'club-apply-error');
  await typeApplyFields(club);
  await chooseApplyFiles(club);
  await audit(club, 'club-apply-filled');
  await shot(club, 'season-03-apply-filled');
  await club.getByRole('button', { name: 'Submit and Next' }).click();
  await expect(
    club.getByText('Application submitted! Please proceed to the next step.'),
  ).toBeVisible();

  // —— Club: prints (opens) the acknowledgement and uploads it signed ——
  await expect(club.getByRole('heading', { name: 'Action Required' })).toBeVisible();
  await audit(club, 'club-dashboard-action-required');
  await club.getByRole('link', { name: 'Print Acknowledgement' }).click();
  const acknowledgement = club.getByRole('article', { name: 'Apply for NOC Durga puja 2025' });
  await expect(acknowledgement).toContainText(clubName);
  await expect(acknowledgement).toContainText('Amit Sen (9830000001)');
  await audit(club, 'club-print-acknowledgement');
  await club.getByRole('button', { name: 'Print Now' }).click();
  expect(await printCount(club)).toBe(1);
  await club.getByRole('link', { name: 'Back' }).click();
  await club.getByLabel('Signed acknowledgement (image or pdf)').setInputFiles(pdf('signed.pdf'));
  await club.getByRole('button', { name: 'Upload Now' }).click();
  await expect(club.getByText('Acknowledgement uploaded successfully!')).toBeVisible();
  await expect(club.getByRole('heading', { name: 'Application Progress' })).toBeVisible();
  await audit(club, 'club-dashboard-tracker');
  await shot(club, 'season-04-tracker');

  // —— Store: finds it in All NOCs, approves three documents, rejects the land document ——
  await staffLogout(staff);
  await staffLogin(staff, 'store');
  await expect(staff.getByTestId('counter-total')).toHaveText(/^\d+$/);
  await audit(staff, 'staff-dashboard-store');
  await staff.getByRole('link', { name: 'All NOCs', exact: true }).click();
  await staff.getByRole('textbox', { name: 'Search by club name' }).fill(clubName);
  await expect(staff.getByRole('link', { name: clubName })).toBeVisible();
  await audit(staff, 'staff-applications-list');
  await staff.getByRole('link', { name: clubName }).click();
  await expect(staff.getByRole('heading', { name: clubName })).toBeVisible();
  await audit(staff, 'staff-application-detail');
  const step = (doc: string) => staff.getByTestId(`step-${doc}`);
  for (const doc of ['acknowledgement', 'chairman_application_certificate', 'certificate']) {
    await step(doc).getByRole('button', { name: 'View' }).click();
    await step(doc)
      .getByRole('button', { name: /Approve/ })
      .click();
    await expect(step(doc).getByText('Approved')).toBeVisible();
  }
  await audit(staff, 'staff-application-detail-viewing');
  const reason = 'The land deed page with the stamp is missing.';
  await step('agreement').getByRole('button', { name: 'View' }).click();
  await step('agreement').getByRole('button', { name: 'Reject' }).click();
  const rejectDialog = staff.getByRole('dialog');
  await rejectDialog.getByLabel('Rejection reason').pressSequentially(reason);
  await audit(staff, 'staff-reject-dialog');
  await rejectDialog.getByRole('button', { name: 'Reject' }).click();
  await expect(staff.getByText('Document rejected successfully!')).toBeVisible();
  await expect(step('agreement').getByText(reason)).toBeVisible();
  // A store user has no final decision to give.
  await expect(staff.getByRole('region', { name: 'Final Chairman Review' })).toHaveCount(0);
  await audit(staff, 'staff-application-detail-rejected');
  await shot(staff, 'season-05-store-rejected');

  // —— Club: sees the reason on its tracker and re-uploads ——
  await club.reload();
  await expect(club.getByText(`Reason: ${reason}`)).toBeVisible();
  await audit(club, 'club-dashboard-rejected');
  await shot(club, 'season-06-rejected');
  await club.getByLabel('New file for Land Agreement Review').setInputFiles(pdf('land-deed-2.pdf'));
  await club.getByRole('button', { name: 'Re-upload' }).click();
  await expect(club.getByText('File uploaded successfully! Awaiting review.')).toBeVisible();
  await expect(club.getByText(`Reason: ${reason}`)).toBeHidden();
  await audit(club, 'club-dashboard-reuploaded');

  // —— Store: approves the new land document from the Document Review Panel ——
  await staff.getByRole('link', { name: 'Document Review' }).click();
  await expect(staff.getByRole('heading', { name: 'Document Review Panel' })).toBeVisible();
  // The panel is opened fresh, as a reviewer coming back to it would.
  await staff.reload();
  const approveLand = staff.getByRole('button', { name: `Approve Land Agreement ${clubName}` });
  await expect(approveLand).toBeVisible();
  await audit(staff, 'staff-store-review');
  await approveLand.click();
  // The new version was never opened: the desk asks once.
  const unopened = staff.getByRole('dialog', { name: 'Approve without opening?' });
  await expect(unopened).toBeVisible();
  await audit(staff, 'staff-approve-unopened');
  await unopened.getByRole('button', { name: 'Approve without opening' }).click();
  await expect(approveLand).toHaveCount(0);

  // —— Chairman: the final decision ——
  await staffLogout(staff);
  await staffLogin(staff, 'chairman');
  await expect(staff.getByTestId('counter-total')).toHaveText(/^\d+$/);
  await audit(staff, 'staff-dashboard-chairman');
  await staff.getByRole('link', { name: 'Chairman Review' }).click();
  await expect(staff.getByRole('heading', { name: 'Chairman Final Review' })).toBeVisible();
  await audit(staff, 'staff-chairman-review');
  await staff.getByRole('button', { name: `Approve ${clubName}` }).click();
  const confirm = staff.getByRole('dialog', { name: `Issue the NOC to ${clubName}?` });
  await expect(confirm).toBeVisible();
  await audit(staff, 'staff-chairman-confirm');
  await confirm.getByRole('button', { name: 'Yes, issue the NOC' }).click();
  await expect(staff.getByText('Decision submitted successfully!')).toBeVisible();
  await shot(staff, 'season-07-chairman-approved');

  // —— Club: its certificate, with the memo number and the date of approval ——
  // The expected values come from the domain's rules applied to the stored application.
  const issued = await asStaff('admin', async () =>
    (await listApplications()).find((a) => a.club_name === clubName),
  );
  expect(issued?.chairman_status).toBe('Approved');
  const memo = memoNumberOf(issued!);
  const approvedOn = formatDate(issued!.chairman_approved_date);
  const today = calendarDate(new Date().toISOString());
  expect(calendarDate(issued!.chairman_approved_date)).toEqual(today);
  await club.reload();
  await expect(club.getByTestId('next-step')).toContainText('Your NOC Certificate is Ready!');
  await audit(club, 'club-dashboard-certificate-ready');
  await club.getByRole('link', { name: 'Print Certificate' }).click();
  const letter = club.getByRole('article', { name: 'No Objection Certificate' });
  await expect(letter).toContainText(`Memo No.: ${memo}`);
  await expect(letter).toContainText(approvedOn);
  await expect(letter).toContainText(clubName);
  await expect.poll(() => printCount(club)).toBe(1);
  await audit(club, 'club-print-certificate');
  await shot(club, 'season-08-certificate');

  // —— Staff: Issued NOCs finds it; the export read back ——
  await staff.getByRole('link', { name: 'Issued NOCs' }).click();
  await staff.getByRole('textbox', { name: 'Search by Club, Reg No, Memo...' }).fill(clubName);
  await expect(staff.getByRole('cell', { name: memo })).toBeVisible();
  await audit(staff, 'staff-issued-nocs');
  await shot(staff, 'season-09-issued');
  const [download] = await Promise.all([
    staff.waitForEvent('download'),
    staff.getByRole('button', { name: 'Export to Excel' }).click(),
  ]);
  const book = XLSX.read(await readFile((await download.path())!));
  expect(book.SheetNames).toEqual(['IssuedNOCs']);
  // As the sheet shows them (issue 27: numbers as numbers, the date a real date as dd/mm/yyyy).
  const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.IssuedNOCs!, {
    header: 1,
    raw: false,
  });
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
  // The search narrowed the table to this club: the export holds its row, field by field.
  expect(rows.slice(1)).toHaveLength(1);
  const [row] = rows.slice(1);
  expect(row).toEqual([
    String(Number(formatRegNo(issued!.reg_no))),
    clubName,
    '12 Rashbehari Avenue, Kolkata',
    '7',
    'Deshapriya Park, Kolkata',
    '9',
    memo,
    approvedOn,
  ]);
  await staff.getByRole('button', { name: `Print Certificate ${clubName}` }).click();
  await expect(staff.getByRole('article', { name: 'No Objection Certificate' })).toContainText(
    memo,
  );
  await audit(staff, 'staff-certificate');

  await clubContext.close();
  await staffContext.close();
});
