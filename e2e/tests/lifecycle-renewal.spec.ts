import {
  addSeason,
  getMyApplicationHistory,
  listApplications,
  listSeasons,
  updateSeason,
  closeSeasonReview,
} from '@puja/api-client';
import { memoNumberOf, municipalToday } from '@puja/domain';
import { asClub, asStaff } from '../support/api';
import { printCount, recordPrints } from '../support/club';
import { demo, expect, test } from '../support/fixtures';
import {
  APPLY_FILES,
  chooseLanguage,
  clubPhone,
  pdf,
  staffDesk,
  staffLogout,
} from '../support/lifecycle';
import { startStack } from '../support/stack';
import { staffLogin } from '../support/staff';

/** A municipal day `days` from today, `YYYY-MM-DD`. */
const day = (days: number) => municipalToday(Date.now() + days * 86_400_000);

/**
 * Issue 20: a season after the first. The admin closes 2025 and opens the next season (its
 * window covers today) in the Seasons screen; a club with a 2025 NOC (demo club 11) renews with its details prefilled
 * and last year's land document carried over, the store and the chairman review it in the new
 * season, and the 2025 application, certificate and verification code are all still there.
 * Then the season closes and the one after is announced: the dashboard says so, in English and
 * in Bengali. On a stack of its own: the other journeys expect the fresh demo's 2025 season.
 */
test('a club renews for the next season', async ({ browser, shot, audit }) => {
  test.setTimeout(240_000);
  const stack = await startStack();
  try {
    const urls = { api: stack.apiUrl, club: stack.clubUrl, staff: stack.staffUrl };
    const account = demo.club(11);
    const [last] = await asClub(urls.api, account, (session) =>
      getMyApplicationHistory({ club_id: session.club_id }),
    );
    expect(last).toMatchObject({ apply_year: '2025', chairman_status: 'Approved' });
    const code2025 = last!.verification_code ?? '';
    expect(code2025).toMatch(/^[0-9A-Z]{26}$/);
    const clubName = last!.club_name;

    const clubContext = await clubPhone(browser, urls);
    const staffContext = await staffDesk(browser, urls);
    const club = await clubContext.newPage();
    const staff = await staffContext.newPage();
    await recordPrints(club);

    // —— Admin, in the Seasons screen: closes 2025, opens 2026 from today for a month ——
    await staffLogin(staff, 'admin');
    await staff.getByRole('link', { name: 'Seasons' }).click();
    const seasonRow = (year: number) => staff.getByRole('row', { name: new RegExp(`^${year}`) });
    await seasonRow(2025).getByRole('button', { name: 'Close applications' }).click();
    const closeDialog = staff.getByRole('dialog');
    await expect(closeDialog).toContainText('Close applications for Durga Puja 2025?');
    await closeDialog.getByRole('button', { name: 'Close applications' }).click();
    await expect(staff.getByText('Season saved.')).toBeVisible();
    await staff.getByRole('button', { name: 'Open the next season' }).click();
    const seasonDialog = staff.getByRole('dialog');
    await expect(seasonDialog.getByLabel('Year')).toHaveValue('2026');
    await seasonDialog.getByLabel('Applications open on').fill(day(0));
    await seasonDialog.getByLabel('Last day for applications').fill(day(30));
    await seasonDialog.getByRole('button', { name: 'Save' }).click();
    await seasonDialog.getByRole('button', { name: 'Open the season' }).click();
    await expect(staff.getByText('Season added.')).toBeVisible();
    await expect(seasonRow(2026)).toContainText('Current season');
    const [current] = await listSeasons();
    expect(current).toMatchObject({ year: 2026, state: 'open', closes_on: day(30) });
    await staffLogout(staff);

    // —— Club: the dashboard of the new season, with 2025 under "Previous seasons" ——
    await club.goto('/login');
    await club.getByLabel('Email').fill(account.email);
    await club.getByLabel('Password').fill(account.password);
    await club.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(club).toHaveURL(/\/club\/dashboard$/);
    await expect(club.getByRole('heading', { name: 'No Application Found' })).toBeVisible();
    await expect(club.getByText(/^Applications for Durga Puja 2026 are open until /)).toBeVisible();
    const previous = club.getByRole('region', { name: 'Previous seasons' });
    await expect(previous.getByRole('heading', { name: 'Durga Puja 2025' })).toBeVisible();
    await expect(previous).toContainText('NOC issued');
    await expect(previous).toContainText(`Verification code${code2025}`);
    await audit(club, 'club-dashboard-renewal-open');
    await shot(club, 'renewal-01-dashboard-open-en');
    await chooseLanguage(club, 'বাংলা');
    await expect(club.getByRole('heading', { name: 'আগের মরসুমগুলি' })).toBeVisible();
    await expect(
      club.getByRole('link', { name: '২০২৬ সালের দুর্গাপূজার এনওসির জন্য আবেদন করুন' }),
    ).toBeVisible();
    await shot(club, 'renewal-01-dashboard-open-bn');
    await chooseLanguage(club, 'English');

    // —— Club: the 2025 certificate still prints, and its code still verifies ——
    await previous.getByRole('link', { name: 'Print the 2025 certificate' }).click();
    const letter = club.getByRole('article', { name: 'No Objection Certificate' });
    await expect(letter).toContainText(`Memo No.: ${memoNumberOf(last!)}`);
    await expect(letter).toContainText(code2025);
    await expect.poll(() => printCount(club)).toBe(1);
    await club.getByRole('link', { name: 'Back' }).click();
    await previous.getByRole('link', { name: 'Check the 2025 certificate' }).click();
    const verdict = club.getByRole('main').getByRole('status');
    await expect(verdict).toContainText('VALID');
    await expect(verdict).not.toContainText('NOT VALID');
    await expect(club.getByRole('main')).toContainText(clubName);
    await club.goto('/club/dashboard');

    // —— Club: applies for 2026 from its 2025 details, carrying the land document over ——
    await club.getByRole('link', { name: 'Apply for 2026 Durga puja NOC' }).click();
    await expect(
      club.getByRole('heading', { name: 'Apply for NOC Durga puja 2026' }),
    ).toBeVisible();
    await expect(
      club.getByText(/^Your details are filled in from your 2025 application\./),
    ).toBeVisible();
    await expect(club.getByLabel('Apply Year')).toHaveValue('2026');
    await expect(club.getByLabel('Puja Location Ward No.')).toHaveValue(
      String(last!.puja_location_ward_no),
    );
    await expect(club.getByLabel('Puja Location Address')).toHaveValue(last!.puja_location_address);
    await expect(club.getByLabel('Club President Name')).toHaveValue(last!.club_president_name);
    await expect(club.getByLabel('Puja Committee Secretary Phone')).toHaveValue(
      last!.puja_secretary_phone,
    );
    await audit(club, 'club-apply-renewal-prefilled');
    await shot(club, 'renewal-02-apply-prefilled-en');
    await chooseLanguage(club, 'বাংলা');
    await expect(club.getByText(/^আপনার ২০২৫ সালের আবেদন থেকে তথ্য ভরে দেওয়া হয়েছে।/)).toBeVisible();
    await shot(club, 'renewal-02-apply-prefilled-bn');
    await chooseLanguage(club, 'English');
    // This year the puja secretary has a new number; everything else stays.
    const secretaryPhone = club.getByLabel('Puja Committee Secretary Phone');
    await secretaryPhone.fill('');
    await secretaryPhone.pressSequentially('9830099999');
    await club.getByRole('checkbox', { name: "Use last year's land document" }).check();
    await expect(club.getByText("Last year's land document will be used.")).toBeVisible();
    await expect(club.getByLabel('Holding / Khatian / Land Deed', { exact: true })).toHaveCount(0);
    for (const [label, file] of APPLY_FILES.slice(1)) {
      await club.getByLabel(label, { exact: true }).setInputFiles(file);
    }
    await audit(club, 'club-apply-renewal-carried');
    await shot(club, 'renewal-03-apply-carried');
    await club.getByRole('button', { name: 'Submit and Next' }).click();
    await expect(
      club.getByText('Application submitted! Please proceed to the next step.'),
    ).toBeVisible();
    await expect(club.getByRole('heading', { name: 'Action Required' })).toBeVisible();
    await club.getByLabel('Signed acknowledgement (image or pdf)').setInputFiles(pdf('signed.pdf'));
    await club.getByRole('button', { name: 'Upload Now' }).click();
    await expect(club.getByText('Acknowledgement uploaded successfully!')).toBeVisible();

    // The server holds the renewal in 2026, with a land document of its own.
    const renewed = await asStaff(urls.api, 'admin', async () =>
      (await listApplications()).find((app) => app.club_name === clubName),
    );
    expect(renewed).toMatchObject({
      apply_year: '2026',
      land_type: last!.land_type,
      puja_location_address: last!.puja_location_address,
      club_president_phone: last!.club_president_phone,
      puja_secretary_phone: '9830099999',
    });
    expect(renewed!.load_agreement_image).toBeTruthy();
    expect(renewed!.id).not.toBe(last!.id);

    // —— Store: reviews it in the new season, the carried land document included ——
    await staffLogin(staff, 'store');
    await staff.getByRole('link', { name: 'All NOCs', exact: true }).click();
    await expect(staff.getByRole('textbox', { name: 'Season' })).toHaveValue('2026 (current)');
    await staff.getByRole('textbox', { name: 'Search by club name' }).fill(clubName);
    await staff.getByRole('link', { name: clubName }).click();
    await expect(staff.getByRole('heading', { name: clubName })).toBeVisible();
    const step = (doc: string) => staff.getByTestId(`step-${doc}`);
    for (const doc of [
      'acknowledgement',
      'chairman_application_certificate',
      'certificate',
      'agreement',
    ]) {
      await step(doc).getByRole('button', { name: 'View' }).click();
      await step(doc)
        .getByRole('button', { name: /Approve/ })
        .click();
      await expect(step(doc).getByText('Approved')).toBeVisible();
    }
    await shot(staff, 'renewal-04-store-reviewed');

    // —— Chairman: issues the 2026 NOC ——
    await staffLogout(staff);
    await staffLogin(staff, 'chairman');
    await staff.getByRole('link', { name: 'Chairman Review' }).click();
    await staff.getByRole('button', { name: `Approve ${clubName}` }).click();
    await staff
      .getByRole('dialog', { name: `Issue the NOC to ${clubName}?` })
      .getByRole('button', { name: 'Yes, issue the NOC' })
      .click();
    await expect(staff.getByText('Decision submitted successfully!')).toBeVisible();

    // —— Club: the 2026 certificate, and 2025 still under "Previous seasons" ——
    await club.reload();
    await expect(club.getByTestId('next-step')).toContainText('Your NOC Certificate is Ready!');
    await expect(previous.getByRole('heading', { name: 'Durga Puja 2025' })).toBeVisible();
    await audit(club, 'club-dashboard-renewal-issued');
    await shot(club, 'renewal-05-dashboard-issued-with-previous');
    await club.getByRole('link', { name: 'Print Certificate', exact: true }).click();
    await expect(letter).toContainText(`/DURGAPUJA/2026`);
    await club.getByRole('link', { name: 'Back' }).click();

    // —— The 2025 season's list is still whole (the season selector), the current list 2026's ——
    await staff.getByRole('link', { name: 'All NOCs', exact: true }).click();
    await staff.getByRole('textbox', { name: 'Season' }).click();
    await staff.getByRole('option', { name: '2025', exact: true }).click();
    await expect(staff).toHaveURL(/season=2025/);
    await staff.getByRole('textbox', { name: 'Search by club name' }).fill(clubName);
    await expect(staff.getByRole('link', { name: clubName })).toBeVisible();
    await shot(staff, 'renewal-06-staff-2025-list');
    const [list2025, list2026] = await asStaff(urls.api, 'admin', () =>
      Promise.all([listApplications({ year: 2025 }), listApplications()]),
    );
    expect(list2025.find((app) => app.id === last!.id)).toMatchObject({
      chairman_status: 'Approved',
      verification_code: code2025,
    });
    expect(list2025).toHaveLength(12);
    expect(list2026.map((app) => app.id)).toEqual([renewed!.id]);
    await club.goto(`/verify/${code2025}`);
    await expect(verdict).toContainText('VALID');
    await expect(verdict).not.toContainText('NOT VALID');

    // —— Later, 2026 has closed (its days moved back: 2025 to three days ago, 2026 from two
    // days ago to yesterday) and staff have closed 2025's review (issue 27: until then its
    // undecided applications go on); a club without a 2026 application is told so (demo club 1) ——
    await asStaff(urls.api, 'admin', async () => {
      await updateSeason({ year: 2025, opens_on: '2025-01-01', closes_on: day(-3) });
      await updateSeason({ year: 2026, opens_on: day(-2), closes_on: day(-1) });
      await closeSeasonReview({ year: 2025, reason: 'The 2025 puja is over' });
    });
    expect((await listSeasons())[0]).toMatchObject({ year: 2026, state: 'closed' });
    const otherContext = await clubPhone(browser, urls);
    const page = await otherContext.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(demo.club(1).email);
    await page.getByLabel('Password').fill(demo.club(1).password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/club\/dashboard$/);
    await expect(page.getByText(/^Applications for Durga Puja 2026 closed on /)).toBeVisible();
    await expect(page.getByRole('link', { name: /^Apply for/ })).toHaveCount(0);
    await expect(
      page.getByRole('region', { name: 'Previous seasons' }).getByText('No decision was made'),
    ).toBeVisible();
    // The login's toast closes by itself: the screenshots show the dashboard alone.
    await expect(page.getByText('Login successful!')).toBeHidden();
    await audit(page, 'club-dashboard-season-closed');
    await shot(page, 'renewal-07-dashboard-closed-en');
    await chooseLanguage(page, 'বাংলা');
    await expect(page.getByText(/^দুর্গাপূজা ২০২৬-এর আবেদন .+ তারিখে বন্ধ হয়েছে।$/)).toBeVisible();
    await shot(page, 'renewal-07-dashboard-closed-bn');
    await chooseLanguage(page, 'English');

    // —— 2027 is announced for two weeks from now: when applications open ——
    await asStaff(urls.api, 'admin', () => addSeason({ year: 2027, opens_on: day(14) }));
    await page.reload();
    await expect(page.getByText(/^Applications for Durga Puja 2027 open on /)).toBeVisible();
    await expect(page.getByRole('link', { name: /^Apply for/ })).toHaveCount(0);
    await audit(page, 'club-dashboard-season-upcoming');
    await shot(page, 'renewal-08-dashboard-upcoming-en');
    await chooseLanguage(page, 'বাংলা');
    await expect(page.getByText(/^দুর্গাপূজা ২০২৭-এর আবেদন শুরু হবে .+ তারিখে।$/)).toBeVisible();
    await shot(page, 'renewal-08-dashboard-upcoming-bn');

    await otherContext.close();
    await clubContext.close();
    await staffContext.close();
  } finally {
    await stack.stop();
  }
});
