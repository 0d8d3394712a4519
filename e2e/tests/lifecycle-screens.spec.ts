import { expect, test } from '../support/fixtures';
import { clubPhone, staffDesk } from '../support/lifecycle';
import { staffLogin } from '../support/staff';

/**
 * The screens the season does not pass through, audited too: so every screen of both apps has
 * had axe-core on it (no serious or critical violation).
 */
test('the club portal’s other screens: drawer, forgot password, unauthorized, not found', async ({
  browser,
  urls,
  audit,
}) => {
  const context = await clubPhone(browser, urls);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.locator('#site-drawer').getByRole('link', { name: 'Home' })).toBeVisible();
  await audit(page, 'club-drawer');
  await page.keyboard.press('Escape');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password' }).click();
  await expect(page.getByRole('dialog', { name: 'Reset Password' })).toBeVisible();
  await audit(page, 'club-forgot-password');
  await page.goto('/unauthorized');
  await expect(page.getByRole('heading', { name: 'Unauthorized Access' })).toBeVisible();
  await audit(page, 'club-unauthorized');
  await page.goto('/no-such-page');
  await expect(page.getByRole('link', { name: 'Go back Home' })).toBeVisible();
  await audit(page, 'club-not-found');
  await context.close();
});

test('the staff console’s other screens: Manage Users and its dialog, not found', async ({
  browser,
  urls,
  audit,
}) => {
  const context = await staffDesk(browser, urls);
  const page = await context.newPage();
  await staffLogin(page, 'admin');
  await page.getByRole('link', { name: 'Manage Users' }).click();
  await expect(page.getByRole('heading', { name: 'Manage Users' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'store@example.org', exact: true })).toBeVisible();
  await audit(page, 'staff-manage-users');
  await page.getByRole('button', { name: 'Add New User' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await audit(page, 'staff-add-user-dialog');
  await page.goto('/admin/no-such-screen');
  await expect(page.getByRole('link', { name: 'Go back Home' })).toBeVisible();
  await audit(page, 'staff-not-found');
  await context.close();
});
