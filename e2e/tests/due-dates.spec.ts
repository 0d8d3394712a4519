import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  addHoliday,
  addUser,
  getMyApplication,
  listHolidays,
  listServiceStandards,
  listUsers,
  updateDocumentStatus,
  updateServiceStandard,
} from '@puja/api-client';
import {
  addWorkingDays,
  formatShortDate,
  municipalDay,
  REVIEW_DOCUMENTS,
  workingCalendar,
} from '@puja/domain';
import { asClub, asStaff, registerClubAccount } from '../support/api';
import { DEMO_PASSWORD, expect, test } from '../support/fixtures';
import { mailsTo } from '../support/mail';
import { chooseLanguage, clubLogin, clubPhone, pdf, staffDesk } from '../support/lifecycle';
import { startStack } from '../support/stack';
import { acknowledgedApplication, staffLogin } from '../support/staff';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

const REFUSAL = 'The land owner has not consented';
const APPEAL = 'The land owner has now consented in writing; the letter is attached.';

/** A `YYYY-MM-DD` day as a date field takes it: dd/mm/yyyy. */
const typed = (day: string) => day.split('-').reverse().join('/');

/**
 * Issue 30, "a late step reaches the officer above, and a refused club is heard", in one
 * journey on a stack of its own (the sweep makes every open step of the demo data late too).
 * The admin closes the municipality's next two working days (the first on the Holidays
 * screen) and names an Appellate Officer (a user of the `appellate` role) in the service
 * standards; the store approves the club's acknowledgement: the club's phone (360 px) shows by
 * when the next step is decided, skipping the holidays; `sweep --at` two weeks past that day
 * marks it overdue and mails the officer the day's digest; the chairman, at 1024 px, finds it
 * in the Overdue tab with whom it is, and on the detail its dates and the escalation in the
 * history. The chairman refuses the NOC on the Final Chairman Review; the club appeals from its
 * phone with a letter; the Appellate Officer, at 1024 px, allows it; the chairman reads the
 * club's reason on the reopened decision and issues the NOC; the club sees it issued. English
 * and বাংলা on each of these screens, axe clean on each.
 */
test('a late step reaches the officer above, and a refused club is heard', async ({
  browser,
  shot,
  audit,
}) => {
  test.setTimeout(300_000);
  const stack = await startStack();
  try {
    const urls = { api: stack.apiUrl, club: stack.clubUrl, staff: stack.staffUrl };
    const app = await acknowledgedApplication(urls.api, () =>
      registerClubAccount(urls.api, stack.dataDir),
    );
    const officer = {
      name: 'Sima Mitra',
      email: `appeals-${app.id}@example.org`,
      password: DEMO_PASSWORD,
    };

    // —— Admin: the Appellate Officer of the club's next step and of the final decision; the
    // next two working days closed ——
    const today = municipalDay(Date.now());
    const year = Number(today.slice(0, 4));
    const { listed, standards } = await asStaff(urls.api, 'admin', async () => {
      await addUser({
        name: officer.name,
        email: officer.email,
        phone: '9830077777',
        role: 'appellate',
        deptment: 'appellate',
        password: officer.password,
      });
      const id = (await listUsers()).find((user) => user.email === officer.email)?.id;
      if (id === undefined) throw new Error('the Appellate Officer is missing after adding it');
      const before = await listServiceStandards();
      for (const step of ['chairman_application_certificate', 'final'] as const) {
        const days = before.find((standard) => standard.step === step)?.days ?? 1;
        await updateServiceStandard({ step, days, appellate_user_id: id });
      }
      return {
        listed: [...(await listHolidays(year)), ...(await listHolidays(year + 1))],
        standards: await listServiceStandards(),
      };
    });
    const before = workingCalendar(listed.map((holiday) => holiday.date));
    const closed = [addWorkingDays(today, 1, before), addWorkingDays(today, 2, before)];
    const holidays = [...listed.map((holiday) => holiday.date), ...closed];

    const adminContext = await staffDesk(browser, urls, 1024);
    const admin = await adminContext.newPage();
    await staffLogin(admin, 'admin');
    await admin.goto('/admin/holidays');
    await admin.getByRole('button', { name: 'Add holiday' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add holiday' });
    await dialog.getByLabel(/^Date/).fill(typed(closed[0]!));
    await dialog.getByLabel(/^Date/).press('Tab');
    await dialog.getByRole('textbox', { name: /^Name(?! in)/ }).fill('Drill closure 1');
    await audit(admin, 'due-dates-holiday-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByText('Holiday added.')).toBeVisible();
    await audit(admin, 'due-dates-holidays');
    await shot(admin, 'due-dates-holidays-en-1024');
    await chooseLanguage(admin, 'বাংলা');
    await expect(admin.getByRole('heading', { level: 1, name: 'ছুটির দিন' })).toBeVisible();
    await audit(admin, 'due-dates-holidays-bn');
    await shot(admin, 'due-dates-holidays-bn-1024');
    await adminContext.close();
    await asStaff(urls.api, 'admin', () =>
      addHoliday({ date: closed[1]!, name: 'Drill closure 2' }),
    );

    // —— The store approves the acknowledgement: the next step's clock skips both holidays ——
    await asStaff(urls.api, 'store', () =>
      updateDocumentStatus({ id: app.id, doc: 'acknowledgement', decision: 'approve' }),
    );
    const mine = await asClub(urls.api, app.account, (session) =>
      getMyApplication({ club_id: session.club_id }),
    );
    const step = mine?.steps?.find((s) => s.step === 'chairman_application_certificate');
    if (!step) throw new Error('the next step has no clock');
    const days = standards.find((standard) => standard.step === step.step)?.days ?? 0;
    expect(step.due_on).toBe(addWorkingDays(step.started_on, days, workingCalendar(holidays)));
    expect(step.due_on > closed[1]!).toBe(true);

    // —— The club's phone: "Decision due by" on the current step ——
    const phone = await clubPhone(browser, urls);
    const club = await phone.newPage();
    await clubLogin(club, app.account);
    const tracker = club.getByRole('region', { name: 'Application Progress' });
    await expect(tracker).toContainText(`Decision due by ${formatShortDate(step.due_on, 'en')}`);
    await audit(club, 'due-dates-club');
    await shot(club, 'due-dates-club-en-360');
    await chooseLanguage(club, 'বাংলা');
    await expect(
      club.getByText(`${formatShortDate(step.due_on, 'bn')}-এর মধ্যে সিদ্ধান্ত`),
    ).toBeVisible();
    await audit(club, 'due-dates-club-bn');
    await shot(club, 'due-dates-club-bn-360');
    await chooseLanguage(club, 'English');

    // —— The sweep, as of two weeks past the due date (the server stopped: embedded database) ——
    const at = new Date(`${step.due_on}T12:00:00+05:30`);
    at.setUTCDate(at.getUTCDate() + 14);
    const { DATABASE_URL: _url, ...inherited } = process.env;
    let swept = '';
    await stack.whileApiStopped(async () => {
      swept = (
        await run('pnpm', ['--filter', '@puja/api-server', 'sweep', '--at', at.toISOString()], {
          cwd: ROOT,
          env: { ...inherited, DATA_DIR: stack.dataDir },
        })
      ).stdout;
    });
    expect(swept).toMatch(/[1-9]\d* step\(s\) marked overdue, [1-9]\d* digest\(s\)/);
    // The officer above, named in the standards, gets the day's digest naming the club.
    await expect
      .poll(async () =>
        (await mailsTo(officer.email, stack.dataDir)).some(
          (mail) =>
            mail.subject.startsWith('Overdue Durga Puja NOC steps:') &&
            mail.body.includes(app.clubName),
        ),
      )
      .toBe(true);

    // —— The chairman's desk, 1024 px: the RTPS report, the Overdue tab, the detail ——
    const chairmanContext = await staffDesk(browser, urls, 1024);
    const chairman = await chairmanContext.newPage();
    await staffLogin(chairman, 'chairman');
    const report = chairman.getByRole('region', { name: 'Time limits (RTPS report)' });
    await expect(report.getByTestId('rtps-overdue-all')).not.toHaveText('0');
    await audit(chairman, 'due-dates-dashboard');
    await shot(chairman, 'due-dates-dashboard-en-1024');
    await chairman.goto('/admin/noc-applications?tab=overdue');
    const card = chairman.locator('article', {
      has: chairman.getByRole('link', { name: app.clubName }),
    });
    await expect(card.getByTestId('overdue-badge')).toHaveText(`Overdue: with ${officer.name}`);
    await audit(chairman, 'due-dates-overdue');
    await shot(chairman, 'due-dates-overdue-en-1024');
    await card.getByRole('link', { name: app.clubName }).click();
    const dates = chairman.getByRole('region', { name: 'Due dates' });
    await expect(dates.getByRole('row')).toHaveCount(3);
    await expect(dates).toContainText(formatShortDate(step.due_on, 'en'));
    const history = chairman.getByRole('region', { name: 'History' });
    const late = history.getByRole('row', { name: /Overdue: told the officer who hears appeals/ });
    await expect(late).toContainText('Chairman application');
    await expect(late).toContainText(`Escalated to ${officer.name}`);
    await audit(chairman, 'due-dates-detail');
    await shot(chairman, 'due-dates-detail-en-1024');
    await chooseLanguage(chairman, 'বাংলা');
    await expect(chairman.getByRole('region', { name: 'নির্ধারিত তারিখ' })).toBeVisible();
    // One script of digits on a বাংলা screen, and the escalation in its words.
    await expect(chairman.getByRole('region', { name: 'ক্লাবের বিবরণ' })).toContainText(
      '৯৮৩০০১২৩৪৫',
    );
    await expect(chairman.getByRole('region', { name: 'ইতিহাস' })).toContainText(
      `${officer.name}-এর কাছে পাঠানো হয়েছে`,
    );
    await audit(chairman, 'due-dates-detail-bn');
    await shot(chairman, 'due-dates-detail-bn-1024');
    await chairman.goto('/admin/noc-applications?tab=overdue');
    await expect(card.getByTestId('overdue-badge')).toHaveText(
      `সময় পেরিয়েছে: ${officer.name}-এর কাছে`,
    );
    await audit(chairman, 'due-dates-overdue-bn');
    await shot(chairman, 'due-dates-overdue-bn-1024');
    await chooseLanguage(chairman, 'English');

    // —— The chairman refuses the NOC on the Final Chairman Review ——
    await asStaff(urls.api, 'store', async () => {
      for (const doc of REVIEW_DOCUMENTS.filter((d) => d !== 'acknowledgement')) {
        await updateDocumentStatus({ id: app.id, doc, decision: 'approve' });
      }
    });
    await chairman.goto(`/admin/noc-applications/${app.id}`);
    const finalReview = chairman.getByRole('region', { name: 'Final Chairman Review' });
    await finalReview.getByRole('button', { name: 'Reject' }).click();
    const refuse = chairman.getByRole('dialog', {
      name: `Reject the application of ${app.clubName}?`,
    });
    await refuse.getByLabel('Rejection reason').fill(REFUSAL);
    await audit(chairman, 'due-dates-final-reject');
    await refuse.getByRole('button', { name: 'Yes, reject' }).click();
    await expect(finalReview.getByRole('button', { name: 'Rejected' })).toBeDisabled();
    await expect(finalReview).toContainText(`Rejection reason: ${REFUSAL}`);
    await shot(chairman, 'due-dates-final-rejected-en-1024');

    // —— The club, on its phone: it may appeal until a date; it appeals with a letter ——
    await club.reload();
    const appeal = club.getByRole('region', { name: 'Appeal', exact: true });
    await expect(appeal).toContainText('You may appeal the chairman’s final decision until');
    // "What to do now" says the same, and its Appeal link goes to the card's button.
    const nextStep = club.getByTestId('next-step');
    await expect(nextStep).toContainText('You may appeal the decision until');
    await nextStep.getByRole('link', { name: 'Appeal' }).click();
    await expect(appeal.getByRole('button', { name: 'Appeal' })).toBeFocused();
    await audit(club, 'appeals-club-open');
    await shot(club, 'appeals-club-open-en-360');
    await chooseLanguage(club, 'বাংলা');
    await expect(club.getByRole('region', { name: 'আপিল', exact: true })).toContainText(
      'পর্যন্ত আপনি',
    );
    await expect(nextStep).toContainText('আপিল করতে পারেন');
    await audit(club, 'appeals-club-open-bn');
    await shot(club, 'appeals-club-open-bn-360');
    await chooseLanguage(club, 'English');
    await appeal.getByRole('button', { name: 'Appeal' }).click();
    await appeal.getByLabel('Why do you appeal?').fill(APPEAL);
    await appeal
      .getByLabel('Supporting document (optional, PDF or image)')
      .setInputFiles(pdf('consent-letter.pdf'));
    await expect(appeal.getByText('Chosen: consent-letter.pdf')).toBeVisible();
    await audit(club, 'appeals-club-form');
    await shot(club, 'appeals-club-form-en-360');
    await appeal.getByRole('button', { name: 'Send appeal' }).click();
    await expect(
      club.getByText('Your appeal has been sent. The Appellate Officer will decide it.'),
    ).toBeVisible();
    await expect(appeal).toContainText(
      'Your appeal against the chairman’s final decision was filed on',
    );

    // —— The Appellate Officer, at a small desk: only Appeals; allows it ——
    const officerContext = await staffDesk(browser, urls, 1024);
    const desk = await officerContext.newPage();
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
    await chooseLanguage(desk, 'বাংলা');
    await expect(desk.getByRole('heading', { level: 1, name: 'আপিল' })).toBeVisible();
    await audit(desk, 'appeals-desk-list-bn');
    await shot(desk, 'appeals-desk-list-bn-1024');
    await chooseLanguage(desk, 'English');
    await desk.getByRole('button', { name: `Decide: ${app.clubName}` }).click();
    const decide = desk.getByRole('dialog', { name: `Appeal of ${app.clubName}` });
    await expect(decide).toContainText(APPEAL);
    await expect(decide.getByRole('link', { name: 'Open the club’s document' })).toBeVisible();
    await decide.getByRole('radio', { name: 'Allow (set the decision aside)' }).check();
    await decide.getByRole('textbox', { name: /^Reason/ }).fill('The consent letter is genuine.');
    await audit(desk, 'appeals-desk-decide');
    await shot(desk, 'appeals-desk-decide-en-1024');
    await decide.getByRole('button', { name: 'Record decision' }).click();
    await expect(decide).toBeHidden();
    await expect(desk.getByText('The appeal is decided.')).toBeVisible();
    await officerContext.close();

    // —— The chairman reads the club's reason on the reopened decision, and issues ——
    await chairman.reload();
    await expect(finalReview).toContainText(`The club’s reason: ${APPEAL}`);
    // The decision is due again: its clock started afresh, undecided.
    await expect(dates.getByRole('row', { name: /^Final decision/ })).toContainText('Not yet');
    await audit(chairman, 'appeals-chairman-reopened');
    await shot(chairman, 'appeals-chairman-reopened-en-1024');
    await chooseLanguage(chairman, 'বাংলা');
    await expect(chairman.getByRole('region', { name: 'চেয়ারম্যানের চূড়ান্ত বিবেচনা' })).toContainText(
      `ক্লাবের কারণ: ${APPEAL}`,
    );
    await shot(chairman, 'appeals-chairman-reopened-bn-1024');
    await chooseLanguage(chairman, 'English');
    await finalReview.getByRole('button', { name: 'Approve' }).click();
    const issue = chairman.getByRole('dialog', { name: `Issue the NOC to ${app.clubName}?` });
    await audit(chairman, 'appeals-chairman-issue');
    await issue.getByRole('button', { name: 'Yes, issue the NOC' }).click();
    await expect(finalReview.getByRole('button', { name: 'Approved' })).toBeDisabled();
    await chairmanContext.close();

    // —— The club reads its appeal allowed and its NOC issued ——
    await club.reload();
    const next = club.getByTestId('next-step');
    await expect(next).toContainText('Your NOC Certificate is Ready!');
    await expect(appeal).toContainText(
      'Your appeal against the chairman’s final decision was allowed',
    );
    await audit(club, 'appeals-club-issued');
    await shot(club, 'appeals-club-issued-en-360');
    await chooseLanguage(club, 'বাংলা');
    await expect(next).toContainText('আপনার এনওসি শংসাপত্র তৈরি!');
    await audit(club, 'appeals-club-issued-bn');
    await shot(club, 'appeals-club-issued-bn-360');
    await phone.close();
  } finally {
    await stack.stop();
  }
});
