import { expect, test } from '../support/fixtures';
import { staffLogin } from '../support/staff';

test('every staff screen passes the accessibility audit', async ({ page, audit }) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Official Login' })).toBeVisible();
  await audit(page, 'login');
  await staffLogin(page, 'admin');
  await expect(page.getByTestId('counter-total')).toHaveText(/^\d+$/);
  await audit(page, 'dashboard');
  await page.goto('/admin/noc-applications');
  await page.getByTestId('application-cards').waitFor();
  await audit(page, 'applications');
  await page.getByTestId('application-cards').getByRole('link').first().click();
  await page.getByTestId('step-acknowledgement').waitFor();
  await audit(page, 'application-detail');
  for (const [path, heading] of [
    ['/admin/manage-clubs', 'Manage Clubs'],
    ['/admin/manage-users', 'Manage Users'],
    ['/admin/issued-noc', 'Issued NOCs (Chairman Approved)'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await audit(page, path.split('/').pop()!);
  }
});
