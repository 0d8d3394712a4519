import { addUser, decideFinal, getMyApplication, updateDocumentStatus } from '@puja/api-client';
import { REVIEW_DOCUMENTS } from '@puja/domain';
import type { Page } from '@playwright/test';
import { asClub } from '../support/api';
import { DEMO_PASSWORD, expect, test } from '../support/fixtures';
import { clubLogin, clubPhone, pdf, staffDesk } from '../support/lifecycle';
import { acknowledgedApplication, staffLogin } from '../support/staff';

const REFUSAL = 'The land owner has not consented';
const APPEAL = 'The land owner has now consented in writing; the letter is attached.';

/** Switches either app's language from its header. */
async function language(page: Page, name: 'বাংলা' | 'English'): Promise<void> {
  await page
    .getByRole('group', { name: /^(Language|ভাষা)$/ })
    .getByRole('button', { name })
    .click();
}

/**
 * Issue 30, the appeal half of "a late step reaches the officer above, and a refused club is
 * heard" (the escalation half, holidays and `sweep --at`, needs the stored step clocks: see
 * decision 0047). The chairman rejects; the club, on its phone, sees it may appeal until when,
 * in English and বাংলা, and appeals with a document; an Appellate Officer (a user of the new
 * role, made in Manage Users) logs in at a 1024 px desk, sees only Appeals, and allows it; the
 * chairman sees the club's reason on the reopened decision and issues; the club reads the appeal
 * allowed and its NOC issued. Axe clean at every screen. On the shared stack (no departments).
 */
test('a refused club is heard: it appeals from its phone, the Appellate Officer allows, the chairman issues', async ({
  browser,
  urls,
  asStaff,
  registerClubAccount,
  shot,
  audit,
}) => {
  test.setTimeout(120_000);
  const app = await acknowledgedApplication(urls.api, registerClubAccount);
  const officer = { email: `appeals-${app.id}@example.org`, password: DEMO_PASSWORD };
  await asStaff('store', async () => {
    for (const doc of REVIEW_DOCUMENTS) {
      await updateDocumentStatus({ id: app.id, doc, decision: 'approve' });
    }
  });
  await asStaff('chairman', () => decideFinal({ id: app.id, decision: 'reject', reason: REFUSAL }));
  await asStaff('admin', () =>
    addUser({
      name: 'Appellate Officer',
      email: officer.email,
      phone: '9830077777',
      role: 'appellate',
      deptment: 'appellate',
      password: officer.password,
    }),
  );

  // —— The club, on its phone: it may appeal until a date; it appeals with a letter ——
  const phone = await clubPhone(browser, urls);
  const club = await phone.newPage();
  await clubLogin(club, app.account);
  const card = club.getByRole('region', { name: 'Appeal' });
  await expect(card).toContainText('You may appeal the chairman’s final decision until');
  await audit(club, 'appeals-club-open');
  await shot(club, 'appeals-club-open-en-360');
  await language(club, 'বাংলা');
  await expect(club.getByRole('region', { name: 'আপিল' })).toContainText('পর্যন্ত আপনি');
  await audit(club, 'appeals-club-open-bn');
  await shot(club, 'appeals-club-open-bn-360');
  await language(club, 'English');
  await card.getByRole('button', { name: 'Appeal' }).click();
  await card.getByLabel('Why do you appeal?').fill(APPEAL);
  await card
    .getByLabel('Supporting document (optional, PDF or image)')
    .setInputFiles(pdf('consent-letter.pdf'));
  await expect(card.getByText('Chosen: consent-letter.pdf')).toBeVisible();
  await audit(club, 'appeals-club-form');
  await shot(club, 'appeals-club-form-en-360');
  await card.getByRole('button', { name: 'Send appeal' }).click();
  await expect(
    club.getByText('Your appeal has been sent. The Appellate Officer will decide it.'),
  ).toBeVisible();
  await expect(card).toContainText(
    'Your appeal against the chairman’s final decision was filed on',
  );

  // —— The Appellate Officer, at a small desk: only Appeals; allows it ——
  const deskContext = await browser.newContext({
    baseURL: urls.staff,
    viewport: { width: 1024, height: 800 },
  });
  const desk = await deskContext.newPage();
  await desk.goto('/admin/login');
  await desk.getByLabel('Email').fill(officer.email);
  await desk.getByLabel('Password').fill(officer.password);
  await desk.getByRole('button', { name: 'Login' }).click();
  await desk.waitForURL('**/admin/appeals');
  const nav = desk.getByRole('navigation', { name: 'Appellate Officer Panel' });
  await expect(nav.getByRole('link')).toHaveText(['Appeals']);
  await expect(desk.getByRole('heading', { level: 1, name: 'Appeals' })).toBeVisible();
  await audit(desk, 'appeals-desk-list');
  await shot(desk, 'appeals-desk-list-en-1024');
  await language(desk, 'বাংলা');
  await expect(desk.getByRole('heading', { level: 1, name: 'আপিল' })).toBeVisible();
  await audit(desk, 'appeals-desk-list-bn');
  await shot(desk, 'appeals-desk-list-bn-1024');
  await language(desk, 'English');
  await desk.getByRole('button', { name: `Decide: ${app.clubName}` }).click();
  const dialog = desk.getByRole('dialog', { name: `Appeal of ${app.clubName}` });
  await expect(dialog).toContainText(APPEAL);
  await expect(dialog.getByRole('link', { name: 'Open the club’s document' })).toBeVisible();
  await dialog.getByRole('radio', { name: 'Allow (set the decision aside)' }).check();
  await dialog.getByRole('textbox', { name: /^Reason/ }).fill('The consent letter is genuine.');
  await audit(desk, 'appeals-desk-decide');
  await shot(desk, 'appeals-desk-decide-en-1024');
  await dialog.getByRole('button', { name: 'Record decision' }).click();
  await expect(dialog).toBeHidden();
  await expect(desk.getByText('The appeal is decided.')).toBeVisible();
  await deskContext.close();

  // —— The chairman reads the club's reason on the reopened decision, and issues ——
  const chairmanContext = await staffDesk(browser, urls);
  const chairman = await chairmanContext.newPage();
  await staffLogin(chairman, 'chairman');
  await chairman.goto(`/admin/noc-applications/${app.id}`);
  const finalReview = chairman.getByRole('region', { name: 'Final Chairman Review' });
  await expect(finalReview).toContainText(`The club’s reason: ${APPEAL}`);
  await audit(chairman, 'appeals-chairman-reopened');
  await shot(chairman, 'appeals-chairman-reopened-en-1280');
  await chairmanContext.close();
  await asStaff('chairman', () => decideFinal({ id: app.id, decision: 'approve' }));
  const issued = await asClub(urls.api, app.account, (session) =>
    getMyApplication({ club_id: session.club_id }),
  );
  expect(issued?.chairman_status).toBe('Approved');

  // —— The club reads its appeal allowed and its NOC issued ——
  await club.reload();
  await expect(card).toContainText('Your appeal against the chairman’s final decision was allowed');
  await audit(club, 'appeals-club-allowed');
  await shot(club, 'appeals-club-allowed-en-360');
  await phone.close();
});
