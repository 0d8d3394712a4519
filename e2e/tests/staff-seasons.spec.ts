import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { staffLogin } from '../support/staff';
import { startStack, type Stack } from '../support/stack';

/**
 * Issue 20, the Seasons screen: the admin closes the 2025 season and opens the next one, and
 * every list then works one season at a time; issue 27: 2025's unfinished applications go on
 * after 2026 opens, until staff close 2025's review. Opening a season changes what every journey
 * expects (2025 everywhere), so these journeys run on a stack of their own, one after the other.
 */
test.describe.configure({ mode: 'serial' });

let stack: Stack;
test.beforeAll(async () => {
  // A server and two apps of its own: slow to start on a loaded machine.
  test.setTimeout(180_000);
  stack = await startStack();
});
test.afterAll(async () => {
  await stack?.stop();
});

async function adminAt(browser: Browser, width = 1280): Promise<Page> {
  const context = await browser.newContext({
    baseURL: stack.staffUrl,
    viewport: { width, height: 800 },
  });
  const page = await context.newPage();
  await staffLogin(page, 'admin');
  return page;
}

/** A season's row, its year in either language's digits. */
const rowOf = (page: Page) => (year: number) => {
  const bn = String(year).replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)] ?? d);
  return page.getByRole('row', { name: new RegExp(`^(${year}|${bn})`) });
};

test('the admin closes 2025, opens the next season, and the lists follow the season chosen', async ({
  browser,
  audit,
  shot,
}) => {
  test.setTimeout(150_000);
  {
    const context = await browser.newContext({
      baseURL: stack.staffUrl,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    await staffLogin(page, 'admin');
    await page.getByRole('link', { name: 'Seasons' }).click();
    await expect(page.getByRole('heading', { name: 'Seasons' })).toBeVisible();
    const row = (year: number) => page.getByRole('row', { name: new RegExp(`^${year}`) });
    await expect(row(2025)).toContainText('Current season');
    await expect(row(2025)).toContainText('Open');
    await expect(row(2025)).toContainText('Until closed by staff');
    await audit(page, 'seasons');

    // The next season cannot open while 2025 still takes applications.
    const year = 2026;
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
    await page.getByRole('button', { name: 'Open the next season' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Year')).toHaveValue(String(year));
    await dialog.getByLabel('Applications open on').fill(today);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(
      dialog.getByText(
        'The season before is still open on that day. Close it first, or open this season after it closes.',
      ),
    ).toBeVisible();
    await shot(page, 'seasons-01-refused');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Closing early asks first; the season is then closed from today.
    await row(2025).getByRole('button', { name: 'Close applications' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('Close applications for Durga Puja 2025?');
    await confirm.getByRole('button', { name: 'Close applications' }).click();
    await expect(page.getByText('Season saved.')).toBeVisible();
    await expect(row(2025)).toContainText('Closed');

    // Now the next season opens today, after a confirmation naming the mail to 2025's clubs.
    await page.getByRole('button', { name: 'Open the next season' }).click();
    await dialog.getByLabel('Year').fill(String(year));
    await dialog.getByLabel('Applications open on').fill(today);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toContainText(`Open the ${year} season? Applications open on`);
    await expect(dialog).toContainText('every club that applied in 2025 gets a mail that day.');
    // Issue 27: it says what 2025 leaves open, and that it stays open.
    await expect(dialog).toContainText('Applications of 2025 still open:');
    await expect(dialog).toContainText('These applications stay open');
    await audit(page, 'seasons-open-confirm');
    await shot(page, 'seasons-02a-open-confirm-1280');
    await dialog.getByRole('button', { name: 'Open the season' }).click();
    await expect(page.getByText('Season added.')).toBeVisible();
    await expect(row(year)).toContainText('Current season');
    await expect(row(year)).toContainText('Open');
    await expect(row(2025)).not.toContainText('Current season');
    await shot(page, 'seasons-02-opened');

    // The NOC list shows the new (empty) season; the selector brings 2025 back, read-only.
    await page.getByRole('link', { name: 'All NOCs', exact: true }).click();
    const selector = page.getByRole('textbox', { name: 'Season' });
    await expect(selector).toHaveValue(`${year} (current)`);
    await expect(page.getByText('No applications match your criteria')).toBeVisible();
    await selector.click();
    await page.getByRole('option', { name: '2025', exact: true }).click();
    await expect(page).toHaveURL(/season=2025/);
    await expect(
      page.getByText(
        'You are looking at the 2025 season. It takes no new applications; those not yet decided are still reviewed until its review is closed.',
      ),
    ).toBeVisible();
    await expect(page.getByTestId('application-cards').getByRole('article').first()).toBeVisible();
    // A decided 2025 application is on record: no decision, said so.
    await page.getByRole('tab', { name: 'Approved' }).click();
    await page.getByTestId('application-cards').getByRole('link').first().click();
    await expect(
      page.getByText('This application is from the 2025 season and can no longer be changed.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Approve$/ })).toHaveCount(0);
    await audit(page, 'seasons-past-detail');
    await page.getByRole('link', { name: 'Issued NOCs' }).click();
    await expect(page).toHaveURL(/issued-noc\?season=2025/);
    await shot(page, 'seasons-03-issued-2025');
    // The dashboard of 2025 has no season before it; the current one compares with 2025.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByText('There is no season before 2025 to compare with.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Season' }).click();
    await page.getByRole('option', { name: `${year} (current)` }).click();
    await expect(page).not.toHaveURL(/season=/);
    const comparison = page.getByTestId('season-comparison');
    await expect(comparison.getByRole('row', { name: /^Applications/ })).toContainText(
      /Applications\s*0\s*\d+/,
    );
    await audit(page, 'seasons-dashboard');
    await shot(page, 'seasons-06-dashboard-1280');
    await seasonsAt(page, 1024, shot);
    await context.close();
  }
});

test("a clerk finishes last season's application after the next season opens", async ({
  browser,
  audit,
  shot,
}) => {
  test.setTimeout(150_000);
  const page = await adminAt(browser);
  const row = rowOf(page);
  await page.getByRole('link', { name: 'Seasons' }).click();
  // 2025 is closed and 2026 current; 2025's unfinished applications are still open, by step.
  const open = row(2025).getByRole('link', { name: /^\d+ open$/ });
  await expect(open).toHaveAttribute('href', /season=2025/);
  await audit(page, 'seasons-open-applications');
  await shot(page, 'seasons-08-open-1280');

  // The clerk follows the link of the step "Land agreement" to the one waiting there.
  await row(2025).getByRole('link', { name: 'Land agreement' }).click();
  await expect(page).toHaveURL(/season=2025/);
  await expect(page).toHaveURL(/step=agreement/);
  await page.getByTestId('application-cards').getByRole('link').first().click();
  await expect(
    page.getByText(
      'The 2025 season is closed to new applications, but its review goes on: this application can still be reviewed and decided.',
    ),
  ).toBeVisible();
  const clubName = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  const agreement = page.getByTestId('step-agreement');
  await agreement.getByRole('button', { name: /Approve/ }).click();
  await page
    .getByRole('dialog', { name: 'Approve without opening?' })
    .getByRole('button', { name: 'Approve without opening' })
    .click();
  await expect(agreement.getByText('Approved')).toBeVisible();
  // The final decision, in 2025's name.
  await page
    .locator('section[aria-labelledby="final-review"]')
    .getByRole('button', { name: /^Approve/ })
    .click();
  const issue = page.getByRole('dialog', { name: `Issue the NOC to ${clubName}?` });
  await issue.getByRole('button', { name: 'Yes, issue the NOC' }).click();
  await expect(page.getByText('Decision submitted successfully!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approved' })).toBeDisabled();
  await audit(page, 'seasons-finished-2025');

  // The NOC is 2025's: its memo number ends with the season's year.
  await page.getByRole('link', { name: 'Issued NOCs' }).click();
  await expect(page).toHaveURL(/season=2025/);
  await page.getByRole('textbox', { name: 'Search by Club, Reg No, Memo...' }).fill(clubName);
  await expect(page.getByRole('cell', { name: /^\d{2}\/DURGAPUJA\/2025$/ })).toBeVisible();

  // The Seasons screen and its dialogs at 1280 and 1024 px, in English and in Bengali.
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    for (const bn of [false, true]) {
      await page.getByRole('link', { name: bn ? 'মরসুম' : 'Seasons' }).click();
      await expect(row(2025)).toBeVisible();
      const tag = `${width}${bn ? '-bn' : ''}`;
      await shot(page, `seasons-09-screen-${tag}`);
      await row(2025)
        .getByRole('button', { name: bn ? '২০২৫ সালের যাচাই বন্ধ করুন' : 'Close the review of 2025' })
        .click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('link').last()).toBeVisible();
      await audit(page, `seasons-close-review-${tag}`);
      await shot(page, `seasons-10-close-review-${tag}`);
      await dialog.getByRole('button', { name: bn ? 'বাতিল' : 'Cancel' }).click();
      await row(2026)
        .getByRole('button', { name: bn ? 'আবেদন বন্ধ করুন' : 'Close applications' })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await audit(page, `seasons-close-applications-${tag}`);
      await shot(page, `seasons-11-close-applications-${tag}`);
      await page
        .getByRole('dialog')
        .getByRole('button', { name: bn ? 'বাতিল' : 'Cancel' })
        .click();
      await page.getByRole('button', { name: bn ? 'English' : 'বাংলা' }).click();
    }
  }

  // Closing 2025's review: a reason, then the row says so and its open applications stop.
  await page.getByRole('link', { name: 'Seasons' }).click();
  await row(2025).getByRole('button', { name: 'Close the review of 2025' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Close the review' }).click();
  await expect(dialog.getByText('Please give a reason.')).toBeVisible();
  await dialog.getByLabel('Reason (sent to the clubs)').fill('The 2025 puja is over.');
  await dialog.getByRole('button', { name: 'Close the review' }).click();
  await expect(page.getByText('The review of the season is closed.')).toBeVisible();
  await expect(row(2025)).toContainText('Review closed on');
  await expect(row(2025).getByRole('button', { name: /Close the review/ })).toHaveCount(0);
  await shot(page, 'seasons-12-review-closed-1280');
  await page.context().close();
});

/** The Seasons screen at 1024 px, in English and in Bengali. */
async function seasonsAt(
  page: Page,
  width: number,
  shot: (page: Page, name: string) => Promise<void>,
): Promise<void> {
  await page.setViewportSize({ width, height: 800 });
  await page.getByRole('link', { name: 'Seasons' }).click();
  await expect(page.getByRole('heading', { name: 'Seasons' })).toBeVisible();
  await shot(page, `seasons-04-${width}`);
  await page.getByRole('button', { name: 'বাংলা' }).click();
  await expect(page.getByRole('heading', { name: 'মরসুম' })).toBeVisible();
  await shot(page, `seasons-05-${width}-bn`);
  await page.getByRole('link', { name: 'ড্যাশবোর্ড' }).click();
  await expect(page.getByTestId('season-comparison')).toBeVisible();
  await shot(page, `seasons-07-dashboard-${width}-bn`);
}
