import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  addHoliday,
  getMyApplication,
  listHolidays,
  listServiceStandards,
  updateDocumentStatus,
} from '@puja/api-client';
import { addWorkingDays, formatShortDate, municipalDay, workingCalendar } from '@puja/domain';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { asClub, asStaff, registerClubAccount } from '../support/api';
import { expect, test } from '../support/fixtures';
import { mailsTo } from '../support/mail';
import { clubLogin, clubPhone } from '../support/lifecycle';
import { startStack } from '../support/stack';
import { acknowledgedApplication, staffLogin } from '../support/staff';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

/** A small office screen, 1024 px wide. */
function officeDesk(browser: Browser, staffUrl: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL: staffUrl, viewport: { width: 1024, height: 800 } });
}

/** Switches either app's language from its header. */
async function language(page: Page, name: 'বাংলা' | 'English'): Promise<void> {
  await page
    .getByRole('group', { name: /^(Language|ভাষা)$/ })
    .getByRole('button', { name })
    .click();
}

/**
 * Issue 30: every step has a due date. The store approves a club's acknowledgement: the club's
 * phone shows by when the next step is decided (English and বাংলা, 360 px); `sweep --at` two
 * weeks past that day marks it overdue; the chairman, at 1024 px, finds it in the Overdue tab,
 * marked with whom it is, reads each step's dates on the detail and the RTPS report on the
 * dashboard, in both languages, axe clean. On a stack of its own (the sweep makes every open
 * step of the demo data late too).
 */
test('a step’s due date, and the late step on the staff screens', async ({
  browser,
  shot,
  audit,
}) => {
  test.setTimeout(240_000);
  const stack = await startStack();
  try {
    const urls = { api: stack.apiUrl, club: stack.clubUrl, staff: stack.staffUrl };
    const app = await acknowledgedApplication(urls.api, () =>
      registerClubAccount(urls.api, stack.dataDir),
    );
    // —— Holidays: the municipality closes its next two working days; the due date skips them ——
    const today = municipalDay(Date.now());
    const year = Number(today.slice(0, 4));
    const { holidays, standards } = await asStaff(urls.api, 'admin', async () => {
      const listed = [...(await listHolidays(year)), ...(await listHolidays(year + 1))];
      const before = workingCalendar(listed.map((holiday) => holiday.date));
      const closed = [addWorkingDays(today, 1, before), addWorkingDays(today, 2, before)];
      for (const [i, date] of closed.entries()) {
        await addHoliday({ date, name: `Drill closure ${i + 1}` });
      }
      return {
        holidays: [...listed.map((holiday) => holiday.date), ...closed],
        standards: await listServiceStandards(),
      };
    });
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
    expect(step.due_on > holidays.at(-1)!).toBe(true);

    // —— The club's phone: "Decision due by" on the current step ——
    const clubContext = await clubPhone(browser, urls);
    const club = await clubContext.newPage();
    await clubLogin(club, app.account);
    const tracker = club.getByRole('region', { name: 'Application Progress' });
    await expect(tracker).toContainText(`Decision due by ${formatShortDate(step.due_on, 'en')}`);
    await audit(club, 'due-dates-club');
    await shot(club, 'due-dates-club-en-360');
    await language(club, 'বাংলা');
    await expect(
      club.getByText(`${formatShortDate(step.due_on, 'bn')}-এর মধ্যে সিদ্ধান্ত`),
    ).toBeVisible();
    await shot(club, 'due-dates-club-bn-360');
    await clubContext.close();

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
    // The officer above (no Appellate Officer named: the chairman) gets the day's digest.
    await expect
      .poll(async () =>
        (await mailsTo('chairman@example.org', stack.dataDir)).some((mail) =>
          mail.subject.startsWith('Overdue Durga Puja NOC steps:'),
        ),
      )
      .toBe(true);

    // —— The chairman's desk, 1024 px: the Overdue tab, the detail, the dashboard ——
    const deskContext = await officeDesk(browser, urls.staff);
    const desk = await deskContext.newPage();
    await staffLogin(desk, 'chairman');
    const report = desk.getByRole('region', { name: 'Time limits (RTPS report)' });
    await expect(report.getByTestId('rtps-overdue-all')).not.toHaveText('0');
    await audit(desk, 'due-dates-dashboard');
    await shot(desk, 'due-dates-dashboard-en-1024');
    await desk.goto('/admin/noc-applications?tab=overdue');
    const card = desk.locator('article', { has: desk.getByRole('link', { name: app.clubName }) });
    await expect(card.getByTestId('overdue-badge')).toHaveText('Overdue: with the chairman');
    await audit(desk, 'due-dates-overdue');
    await shot(desk, 'due-dates-overdue-en-1024');
    await card.getByRole('link', { name: app.clubName }).click();
    const dates = desk.getByRole('region', { name: 'Due dates' });
    await expect(dates.getByRole('row')).toHaveCount(3);
    await expect(dates).toContainText(formatShortDate(step.due_on, 'en'));
    await audit(desk, 'due-dates-detail');
    await shot(desk, 'due-dates-detail-en-1024');
    await language(desk, 'বাংলা');
    await expect(desk.getByRole('region', { name: 'নির্ধারিত তারিখ' })).toBeVisible();
    await shot(desk, 'due-dates-detail-bn-1024');
    await desk.goto('/admin/noc-applications?tab=overdue');
    await expect(card.getByTestId('overdue-badge')).toContainText('সময় পেরিয়েছে');
    await audit(desk, 'due-dates-overdue-bn');
    await shot(desk, 'due-dates-overdue-bn-1024');
    await desk.goto('/admin/dashboard');
    await expect(desk.getByRole('region', { name: 'সময়সীমা (RTPS প্রতিবেদন)' })).toBeVisible();
    await shot(desk, 'due-dates-dashboard-bn-1024');
    await deskContext.close();
  } finally {
    await stack.stop();
  }
});
