import { expect, test } from '../support/fixtures';
import { staffLogin } from '../support/staff';

// No department is active on a fresh start: staff see no Referrals link (decision 0040).
const common = ['Dashboard', 'Club', 'All NOCs', 'Issued NOCs', 'Appeals'];
const cases = [
  {
    role: 'admin',
    title: 'Admin Panel',
    links: [...common, 'Manage Users', 'Seasons', 'Holidays', 'Departments', 'Service standards'],
    denied: ['/admin/store/review', '/admin/chairman/review'],
  },
  {
    role: 'store',
    title: 'Store Panel',
    links: [...common, 'Document Review'],
    denied: [
      '/admin/manage-users',
      '/admin/seasons',
      '/admin/holidays',
      '/admin/departments',
      '/admin/service-standards',
      '/admin/chairman/review',
    ],
  },
  {
    role: 'chairman',
    title: 'Chairman Panel',
    links: [...common, 'Manage Users', 'Seasons', 'Chairman Review'],
    denied: [
      '/admin/store/review',
      '/admin/holidays',
      '/admin/departments',
      '/admin/service-standards',
    ],
  },
] as const;

test('the Official Login shows its heading and text; /admin sends there; a stranger is sent there too', async ({
  page,
  shot,
}) => {
  await page.goto('/admin');
  await page.waitForURL('**/admin/login');
  await expect(page.getByRole('heading', { name: 'Official Login' })).toBeVisible();
  await expect(
    page.getByText('This panel is for authorized Admin, Store, and Chairman users only.'),
  ).toBeVisible();
  await shot(page, 'login');
  // A stranger is sent to the login, which names the page to come back to.
  await page.goto('/admin/noc-applications');
  await page.waitForURL('**/admin/login?redirect=%2Fadmin%2Fnoc-applications');
  await page.getByLabel('Email').fill('admin@example.org');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await shot(page, 'login-failed');
});

for (const { role, title, links, denied } of cases) {
  test(`${role} sees exactly the ${role} links and is sent to /unauthorized elsewhere`, async ({
    page,
    shot,
  }) => {
    await staffLogin(page, role);
    const panel = page.getByRole('navigation');
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(panel.getByRole('link')).toHaveText([...links]);
    await expect(page.getByText(`${role}@example.org`)).toBeVisible();
    await expect(page.getByTestId('counter-total')).toHaveText(/^\d+$/);
    await shot(page, `dashboard-${role}`);
    for (const path of denied) {
      await page.goto(path);
      await page.waitForURL('**/unauthorized');
      await expect(page.getByRole('heading', { name: 'Unauthorized Access' })).toBeVisible();
    }
    if (role === 'store') await shot(page, 'unauthorized');
    await page.goto('/admin/dashboard');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/admin/login');
    await page.goto('/admin/dashboard');
    await page.waitForURL('**/admin/login');
  });
}

test('an unknown route shows the error page with Go back Home', async ({ page, shot }) => {
  await page.goto('/admin/no-such-screen');
  await expect(
    page.getByRole('heading', { name: 'Oops! Sorry, an unexpected error has occurred.' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go back Home' })).toBeVisible();
  await shot(page, 'error-page');
});

test('a slow start shows a spinner, never a blank page', async ({ page }) => {
  // The runtime config answers late, as on a slow line: the page says it is loading meanwhile.
  await page.route('**/config.json', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/admin/login');
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Official Login' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toHaveCount(0);
});
