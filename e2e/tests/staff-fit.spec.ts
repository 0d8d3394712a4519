import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { chooseLanguage } from '../support/lifecycle';
import { staffLogin } from '../support/staff';

/**
 * What scrolls sideways on the page: the page itself, or any box that clips its content (a
 * table's scroll container hiding its last columns). Empty when everything fits.
 */
function sidewaysScrolls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1)
      found.push(`the page by ${root.scrollWidth - root.clientWidth}px`);
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('main *'))) {
      const { overflowX } = getComputedStyle(element);
      if (overflowX !== 'auto' && overflowX !== 'scroll') continue;
      if (element.scrollWidth > element.clientWidth + 1) {
        const label = element.closest('section, [role="region"], table, .mantine-Paper-root');
        found.push(
          `${element.className || element.tagName} by ${element.scrollWidth - element.clientWidth}px in ${label?.textContent?.slice(0, 40) ?? 'main'}`,
        );
      }
    }
    return found;
  });
}

const SCREENS = [
  '/admin/dashboard',
  '/admin/noc-applications',
  '/admin/noc-applications?tab=awaitingAcknowledgement',
  '/admin/noc-applications/1',
  '/admin/issued-noc',
  '/admin/manage-clubs',
  '/admin/manage-users',
  '/admin/chairman/review',
  // Issue 27: the year carries its state, the days share a column, the controls stack.
  '/admin/seasons',
];

for (const width of [1024, 1280]) {
  test(`every chairman screen fits ${width} px without a sideways scroll, in both languages`, async ({
    page,
    shot,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 768 });
    await staffLogin(page, 'chairman');
    for (const language of ['English', 'বাংলা'] as const) {
      await chooseLanguage(page, language);
      for (const path of SCREENS) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // The data has arrived: no spinner left.
        await expect(page.getByRole('status').filter({ hasText: /Loading|লোড/ })).toHaveCount(0);
        expect(await sidewaysScrolls(page), `${path} in ${language}`).toEqual([]);
        // The lists of people in Bengali: their phones in Bengali digits, as the dates beside.
        if (language === 'বাংলা' && /manage-(clubs|users)$/.test(path)) {
          await shot(page, `${path.split('/').pop()}-bn-${width}`);
        }
      }
    }
    // What was cut off at 1024 px (issue 27): the Add User dialog's Save under its error
    // summary; the chairman's decision buttons are at least 44 px high.
    await chooseLanguage(page, 'English');
    await page.goto('/admin/manage-users');
    await page.getByRole('button', { name: 'Add New User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New User' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('There is a problem')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('Escape');
    await page.goto('/admin/chairman/review');
    await expect(page.getByRole('columnheader', { name: 'Puja Location' })).toBeVisible();
    for (const button of await page.getByRole('button', { name: /^(Approve|Reject) / }).all()) {
      expect((await button.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    }
  });
}

test('the store desk fits 1024 px without a sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await staffLogin(page, 'store');
  await page.goto('/admin/store/review');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await sidewaysScrolls(page)).toEqual([]);
});

test("the admin's Holidays screen fits 1024 px in both languages and passes the audit", async ({
  page,
  shot,
  audit,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await staffLogin(page, 'admin');
  await page.getByRole('link', { name: 'Holidays' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Holidays' })).toBeVisible();
  // The demo's example holidays of this year.
  await expect(page.getByRole('cell', { name: 'Republic Day (example)' })).toBeVisible();
  expect(await sidewaysScrolls(page)).toEqual([]);
  await audit(page, 'holidays');
  await shot(page, 'holidays-1024-en');
  await page.getByRole('button', { name: 'Import a list' }).click();
  await page.getByRole('textbox', { name: /Holidays, one a line/ }).fill('31/02/2026 Nothing');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('alert').getByText(/Line 1/)).toBeVisible();
  await shot(page, 'holidays-import-1024-en');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'বাংলা' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ছুটির দিন' })).toBeVisible();
  expect(await sidewaysScrolls(page)).toEqual([]);
  await shot(page, 'holidays-1024-bn');
});

test("the admin's Departments and Referrals screens fit 1024 px in both languages (issue 29)", async ({
  page,
  shot,
  audit,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await staffLogin(page, 'admin');
  await page.getByRole('link', { name: 'Departments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Departments' })).toBeVisible();
  // The demo's departments, inactive until admin switches them on.
  await expect(page.getByRole('button', { name: /^Activate / }).first()).toBeVisible();
  expect(await sidewaysScrolls(page)).toEqual([]);
  await audit(page, 'departments');
  await shot(page, 'departments-1024-en');
  // The list held back: its loading rows fit too (their bars once pushed the table 2–4 px
  // sideways on a slow machine).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/list-referrals.php*', async (route) => {
    await held;
    await route.continue();
  });
  // No department is active here, so the panel has no Referrals link (decision 0040).
  await page.goto('/admin/referrals');
  await expect(page.getByRole('heading', { level: 1, name: 'Referrals' })).toBeVisible();
  await expect(page.locator('.mantine-Skeleton-root').first()).toBeVisible();
  expect(await sidewaysScrolls(page)).toEqual([]);
  release();
  await expect(page.getByText('No referrals here.')).toBeVisible();
  expect(await sidewaysScrolls(page)).toEqual([]);
  await page.getByRole('button', { name: 'বাংলা' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'রেফারাল' })).toBeVisible();
  expect(await sidewaysScrolls(page)).toEqual([]);
  await page.getByRole('link', { name: 'দপ্তর' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'দপ্তর' })).toBeVisible();
  expect(await sidewaysScrolls(page)).toEqual([]);
  await shot(page, 'departments-1024-bn');
});

test("the admin's Service standards screen fits 1024 and 1280 px in both languages and passes the audit", async ({
  page,
  shot,
  audit,
}) => {
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 768 });
    if (width === 1024) await staffLogin(page, 'admin');
    else await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('link', { name: 'Service standards' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Service standards' })).toBeVisible();
    await expect(
      page.getByRole('cell', { name: 'Acknowledgement review', exact: true }),
    ).toBeVisible();
    expect(await sidewaysScrolls(page)).toEqual([]);
    await audit(page, `service-standards-${width}`);
    await shot(page, `service-standards-${width}-en`);
    await page.getByRole('button', { name: 'Edit Final decision' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit: Final decision' });
    await dialog.getByRole('textbox', { name: /^Working days/ }).fill('0');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(
      dialog.getByRole('alert').getByText('Enter a whole number of working days from 1 to 60.'),
    ).toBeVisible();
    await shot(page, `service-standards-edit-${width}-en`);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'বাংলা' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'পরিষেবার সময়সীমা' })).toBeVisible();
    expect(await sidewaysScrolls(page)).toEqual([]);
    await shot(page, `service-standards-${width}-bn`);
  }
});
