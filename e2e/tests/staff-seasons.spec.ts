import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { staffLogin } from '../support/staff';
import { startStack } from '../support/stack';

/**
 * Issue 20, the Seasons screen: the admin closes the 2025 season and opens the next one, and
 * every list then works one season at a time. Opening a season changes what every journey
 * expects (2025 everywhere), so this journey runs on a stack of its own.
 */
test('the admin closes 2025, opens the next season, and the lists follow the season chosen', async ({
  browser,
  audit,
  shot,
}) => {
  test.setTimeout(150_000);
  const stack = await startStack();
  try {
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
    await dialog.getByRole('button', { name: 'Open the season' }).click();
    await expect(page.getByText('Season added.')).toBeVisible();
    await expect(row(year)).toContainText('Current season');
    await expect(row(year)).toContainText('Open');
    await expect(row(2025)).not.toContainText('Current season');
    await shot(page, 'seasons-02-opened');

    // The NOC list shows the new (empty) season; the selector brings 2025 back, read-only.
    await page.getByRole('link', { name: 'All NOCs' }).click();
    const selector = page.getByRole('textbox', { name: 'Season' });
    await expect(selector).toHaveValue(`${year} (current)`);
    await expect(page.getByText('No applications match your criteria')).toBeVisible();
    await selector.click();
    await page.getByRole('option', { name: '2025', exact: true }).click();
    await expect(page).toHaveURL(/season=2025/);
    await expect(
      page.getByText(
        'You are looking at the 2025 season. Its applications can no longer be changed.',
      ),
    ).toBeVisible();
    await expect(page.getByTestId('application-cards').getByRole('article').first()).toBeVisible();
    // A 2025 application is history: no decision, said so.
    await page.getByTestId('application-cards').getByRole('link').first().click();
    await expect(
      page.getByText('This application is from the 2025 season and can no longer be changed.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
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
  } finally {
    await stack.stop();
  }
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
